/**
 * DOM ids shared by the header's search button and the search panel: the button names the
 * panel it opens (aria-controls); the panel opens inside the sticky header, under its bar.
 */
export const SEARCH_PANEL_ID = 'busca-produtos'
export const SITE_HEADER_ID = 'cabecalho-da-loja'
