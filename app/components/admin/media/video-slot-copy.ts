/**
 * The words of the three video pages, exactly as document 001 gives them (§2, §8, §10);
 * where it gives none (the banner's save, the other pages' confirmation), the banner's.
 * Shared by the pages and their server actions.
 */
export type VideoSlotName = 'banner' | 'subscription-cta' | 'personalization'

export type VideoSlotCopy = {
	title: string
	description: string
	/** The banner sends and activates in one step; the others upload, then 'Salvar Vídeo'. */
	uploadActivates: boolean
	/** A pasted address is offered (CTA and personalization pages). */
	acceptsAddress: boolean
	invalidType: { title: string; description?: string }
	tooLarge: { title: string; description: string }
	noFile: string
	urlRequired: string
	uploaded: { title: string; description?: string }
	uploadError: string
	uploadErrorFallback: string
	saved: { title: string; description?: string }
	saveError: string
	removed: string
	removeError: string
	loadError: string
	removeConfirm: string
	tips: readonly string[]
}

const TOO_LARGE = { title: 'Arquivo muito grande', description: 'O vídeo deve ter no máximo 50MB.' }
const REMOVE_CONFIRM = 'Tem certeza que deseja remover o vídeo atual?'
const TIPS = [
	'Use vídeos em formato MP4 para melhor compatibilidade',
	'Resolução recomendada: 1920x1080 ou superior',
	'Tamanho máximo: 50MB',
	'Vídeos curtos (5-15 segundos) funcionam melhor em loop',
	'Evite vídeos com muito texto, pois podem ficar ilegíveis',
	'O vídeo será reproduzido em loop automaticamente',
] as const

export const VIDEO_SLOT_COPY: Record<VideoSlotName, VideoSlotCopy> = {
	banner: {
		title: 'Gerenciar Vídeo do Banner',
		description: 'O vídeo que toca em loop atrás do título da página inicial.',
		uploadActivates: true,
		acceptsAddress: false,
		invalidType: { title: 'Arquivo inválido', description: 'Por favor, selecione um arquivo de vídeo válido.' },
		tooLarge: TOO_LARGE,
		noFile: 'Nenhum arquivo selecionado',
		urlRequired: 'Nenhum arquivo selecionado',
		uploaded: { title: 'Vídeo enviado com sucesso!', description: 'O novo vídeo já está ativo no banner.' },
		uploadError: 'Erro ao enviar vídeo',
		uploadErrorFallback: 'Ocorreu um erro ao fazer upload do vídeo.',
		saved: { title: 'Vídeo enviado com sucesso!', description: 'O novo vídeo já está ativo no banner.' },
		saveError: 'Erro ao enviar vídeo',
		removed: 'Vídeo removido',
		removeError: 'Erro ao remover vídeo',
		loadError: 'Erro ao carregar vídeo atual',
		removeConfirm: REMOVE_CONFIRM,
		tips: TIPS,
	},
	'subscription-cta': {
		title: 'Vídeo da CTA de Assinatura',
		description: 'O fundo da chamada de assinatura na página inicial (visível apenas no desktop).',
		uploadActivates: false,
		acceptsAddress: true,
		invalidType: { title: 'Por favor, selecione um arquivo de vídeo.' },
		tooLarge: TOO_LARGE,
		noFile: 'Nenhum arquivo selecionado',
		urlRequired: 'Por favor, adicione uma URL de vídeo.',
		uploaded: { title: 'Upload concluído', description: 'Clique em Salvar Vídeo para aplicar.' },
		uploadError: 'Erro no upload',
		uploadErrorFallback: 'Ocorreu um erro ao fazer upload do vídeo.',
		saved: { title: 'Vídeo salvo!' },
		saveError: 'Erro ao salvar',
		removed: 'Vídeo removido!',
		removeError: 'Erro ao remover',
		loadError: 'Erro ao carregar vídeo atual',
		removeConfirm: REMOVE_CONFIRM,
		tips: TIPS,
	},
	personalization: {
		title: 'Vídeo da Seção de Personalização',
		description: 'O vídeo ao lado da chamada de personalização na página inicial.',
		uploadActivates: false,
		acceptsAddress: true,
		invalidType: { title: 'Por favor, selecione um arquivo de vídeo' },
		tooLarge: TOO_LARGE,
		noFile: 'Nenhum arquivo selecionado',
		urlRequired: 'Por favor, insira uma URL de vídeo',
		uploaded: { title: 'Vídeo enviado com sucesso!', description: 'Clique em Salvar Vídeo para aplicar.' },
		uploadError: 'Erro ao fazer upload do vídeo',
		uploadErrorFallback: 'Ocorreu um erro ao fazer upload do vídeo.',
		saved: { title: 'Vídeo atualizado com sucesso!' },
		saveError: 'Erro ao salvar vídeo',
		removed: 'Vídeo removido com sucesso!',
		removeError: 'Erro ao remover vídeo',
		loadError: 'Erro ao carregar vídeo atual',
		removeConfirm: REMOVE_CONFIRM,
		tips: TIPS,
	},
}
