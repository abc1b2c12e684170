export default function Home() {
	return (
		<main>
			<h1>Estilo Exclusivo Para Seu Pet</h1>
		</main>
	)
}
