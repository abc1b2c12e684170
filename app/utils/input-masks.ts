/**
 * As-you-type masks for the checkout's Brazilian fields (issue 13): the digits typed so far,
 * punctuated the way the shopper knows them. Partial input is masked partially, so the field
 * never fights the typing; the server still validates the full value (cpf.ts, phone.ts, cep.ts).
 */
const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max)

/** '52998224725' → '529.982.247-25' */
export function maskCpf(value: string): string {
	const d = digitsOf(value, 11)
	if (d.length <= 3) return d
	if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`
	if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`
	return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

/** '11912345678' → '(11) 91234-5678'; ten digits → '(11) 3234-5678'. */
export function maskPhone(value: string): string {
	let d = value.replace(/\D/g, '')
	// A pasted '+55 11 9…': the country code goes (the field holds a national number).
	if (d.length > 11 && d.startsWith('55')) d = d.slice(2)
	d = d.slice(0, 11)
	if (d.length === 0) return ''
	if (d.length <= 2) return `(${d}`
	const ddd = d.slice(0, 2)
	const local = d.slice(2)
	if (local.length <= 4) return `(${ddd}) ${local}`
	const split = local.length === 9 ? 5 : 4
	return `(${ddd}) ${local.slice(0, split)}-${local.slice(split)}`
}

/** '01310100' → '01310-100' */
export function maskCep(value: string): string {
	const d = digitsOf(value, 8)
	return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`
}
