/**
 * The default texts of the shop's policy pages (issue 13: 'Trocas e devoluções', 'Privacidade',
 * 'Termos de uso'). They follow what Brazilian law asks of an online shop (Código de Defesa do
 * Consumidor art. 49: 7 days to give up a purchase made online; LGPD for personal data) but are
 * a starting point: each says the owner must review it. Paragraphs are separated by a blank line.
 */
const REVIEW_NOTE =
	'Texto padrão da loja de demonstração: revise-o com a sua realidade (e, se possível, com um advogado) em Admin › Configurações antes de vender.'

export const DEFAULT_RETURNS_POLICY = [
	REVIEW_NOTE,
	'Direito de arrependimento: você pode desistir da compra em até 7 dias corridos após receber o pedido, sem precisar justificar. Devolvemos o valor pago, frete incluído, pela mesma forma de pagamento.',
	'Trocas: aceitamos a troca de tamanho ou modelo em até 30 dias após o recebimento, com o produto sem uso e na embalagem original. O primeiro frete da troca é por nossa conta.',
	'Produtos personalizados (com nome, foto ou arte do seu pet) são feitos sob encomenda: você pode desistir deles até a produção começar; depois, não podem ser devolvidos por arrependimento, salvo defeito de fabricação.',
	'Defeitos: se algo chegar com defeito, fale com a gente em até 90 dias; consertamos, trocamos ou devolvemos o valor.',
	'Para desistir da compra, use o botão na página do pedido (ou em Minha conta › Meus pedidos). Para pedir uma troca, escreva para o nosso e-mail de contato ou WhatsApp com o número do pedido.',
].join('\n\n')

export const DEFAULT_PRIVACY_POLICY = [
	REVIEW_NOTE,
	'Quais dados guardamos: nome, e-mail, telefone, CPF e endereço de entrega informados no checkout; os dados da sua conta, favoritos, avaliações e fotos que você enviar. Não guardamos os dados do seu cartão: eles vão direto para o processador de pagamentos.',
	'Para que usamos: entregar e acompanhar os seus pedidos, emitir documentos fiscais, responder ao seu contato e, se você pedir, enviar novidades.',
	'Com quem compartilhamos: transportadoras e processadores de pagamento, só o necessário para o pedido. Não vendemos os seus dados.',
	'Seus direitos (LGPD): você pode pedir acesso, correção, portabilidade ou exclusão dos seus dados pelo nosso e-mail de contato.',
	'Cookies: usamos cookies necessários para o carrinho, o login e a segurança da loja.',
].join('\n\n')

export const DEFAULT_TERMS_OF_USE = [
	REVIEW_NOTE,
	'Ao comprar na loja você concorda com estes termos, com a Política de privacidade e com a Política de trocas e devoluções.',
	'Preços e estoque podem mudar sem aviso; vale o preço mostrado no momento em que o pedido é finalizado. Pedidos pagos por PIX são cancelados se o pagamento não for feito no prazo indicado.',
	'Os produtos personalizados são produzidos em até 4 dias úteis após a confirmação do pagamento; o prazo de entrega é somado a isso.',
	'Imagens e textos da loja pertencem à loja e não podem ser usados sem autorização.',
].join('\n\n')
