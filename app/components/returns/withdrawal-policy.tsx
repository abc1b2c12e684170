import { Link } from 'react-router'

/**
 * The withdrawal steps on /trocas-e-devolucoes (issue 31, decision 117): what the shop's own
 * pages do, in plain Portuguese, under the owner's editable text. Written here, not in the
 * settings, because it describes the code (the 7-day rule, the button, the refund paths): an
 * edit of the text could not change them.
 */
export function WithdrawalPolicy() {
	return (
		<section aria-labelledby="desistencia-titulo" className="mt-4 flex flex-col gap-4 rounded-lg border p-4 sm:p-6" data-testid="politica-desistencia">
			<h2 id="desistencia-titulo" className="text-xl font-bold">
				Como desistir de uma compra
			</h2>
			<p className="leading-relaxed">
				Pelo Código de Defesa do Consumidor (art. 49), quem compra pela internet pode desistir da compra sem precisar explicar o motivo.
			</p>
			<h3 className="text-lg font-semibold">Prazo: 7 dias depois de receber</h3>
			<p className="leading-relaxed">
				Você tem 7 dias corridos, contados a partir do dia seguinte ao recebimento. Exemplo: recebeu numa segunda-feira, dia 1º, pode pedir até a
				segunda-feira seguinte, dia 8, às 23h59 (horário de Brasília). Antes de o pedido chegar, você também pode desistir. Se a entrega não foi
				registrada, contamos a partir do último dia do prazo de entrega prometido.
			</p>
			<h3 className="text-lg font-semibold">Como pedir</h3>
			<ol className="list-decimal space-y-1 pl-6 leading-relaxed">
				<li>
					Abra o pedido: pelo link do e-mail de confirmação ou em{' '}
					<Link to="/user/orders" className="font-medium text-primary underline underline-offset-4">
						Minha conta › Meus pedidos
					</Link>
					.
				</li>
				<li>Toque em “Quero desistir da compra”, escolha um motivo se quiser e envie.</li>
				<li>Respondemos por e-mail em até 2 dias úteis. Se já recebeu o produto, explicamos como devolvê-lo: o frete de volta é por nossa conta.</li>
			</ol>
			<h3 className="text-lg font-semibold">Peças personalizadas</h3>
			<p className="leading-relaxed">
				Bandanas e coleiras feitas sob encomenda com o nome, a foto ou a arte do seu pet só servem para ele e não podem ser vendidas a outra pessoa.
				Você pode desistir delas até a produção começar; depois disso elas não entram no direito de arrependimento, e a página do pedido avisa. Se o
				pedido tiver outros produtos, eles continuam com os 7 dias. Defeito é outra história: qualquer peça com defeito, personalizada ou não, é
				consertada, trocada ou reembolsada se você nos avisar em até 90 dias.
			</p>
			<h3 className="text-lg font-semibold">Reembolso</h3>
			<ul className="list-disc space-y-1 pl-6 leading-relaxed">
				<li>Devolvemos tudo o que foi pago, frete incluído, pela mesma forma de pagamento, assim que a desistência é aprovada.</li>
				<li>Cartão de crédito: o estorno aparece na fatura atual ou na seguinte, conforme a data de fechamento do cartão.</li>
				<li>PIX: devolvemos por PIX para a conta que pagou, normalmente em minutos e em até 2 dias úteis.</li>
			</ul>
		</section>
	)
}
