import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
	GIF_BYTES,
	HTML_BYTES,
	JPEG_BYTES,
	MOV_BYTES,
	PNG_BYTES,
	SVG_BYTES,
	WEBM_BYTES,
	fileFrom,
	mp4Bytes,
	pngOfSize,
} from '#tests/fixtures/media'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'
import { deleteUpload, getBucketStorage, parseUploadUrl, readMultipartForm, saveUpload } from './storage.server'

let dataDir: string
beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-storage-'))
	process.env.DATA_DIR = dataDir
	resetEnvForTests()
})
afterAll(async () => {
	delete process.env.DATA_DIR
	resetEnvForTests()
	await rm(dataDir, { recursive: true, force: true })
})

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
	return new Uint8Array(await new Response(stream).arrayBuffer())
}

describe('saveUpload: the real type comes from the bytes', () => {
	test('a PNG renamed .mp4 and labelled video/mp4 is an image', async () => {
		const file = fileFrom(PNG_BYTES, 'filme.mp4', 'video/mp4')
		const asImage = await saveUpload({ file, kind: 'image', bucket: 'user-photos', userId: 'u1' })
		expect(asImage).toMatchObject({ ok: true, upload: { contentType: 'image/png', size: PNG_BYTES.byteLength } })
		if (!asImage.ok) throw new Error('unreachable')
		expect(asImage.upload.key).toMatch(/^u1\/\d+\.png$/)
		expect(asImage.upload.url).toBe(`/uploads/user-photos/${asImage.upload.key}`)

		const asVideo = await saveUpload({ file, kind: 'video', bucket: 'hero-videos', prefix: 'hero' })
		expect(asVideo).toEqual({
			ok: false,
			error: {
				code: 'invalid_type',
				status: 400,
				title: 'Arquivo inválido',
				message: 'Por favor, selecione um arquivo de vídeo válido.',
			},
		})
	})

	test.each([
		['SVG', SVG_BYTES, 'logo.png', 'image/png'],
		['SVG labelled as such', SVG_BYTES, 'logo.svg', 'image/svg+xml'],
		['HTML', HTML_BYTES, 'foto.png', 'image/png'],
		['plain text', new TextEncoder().encode('só texto'), 'foto.jpg', 'image/jpeg'],
	])('%s is refused as an image, whatever its name says', async (_label, bytes, name, type) => {
		const result = await saveUpload({
			file: fileFrom(bytes, name, type),
			kind: 'image',
			bucket: 'personalizacao-arquivos',
			prefix: 'rosto_pet',
		})
		expect(result).toMatchObject({
			ok: false,
			error: { code: 'invalid_type', message: 'Por favor, selecione um arquivo de imagem válido.' },
		})
	})

	test.each([
		['jpeg', JPEG_BYTES, 'image/jpeg', 'jpg'],
		['gif', GIF_BYTES, 'image/gif', 'gif'],
	])('accepts %s images', async (_label, bytes, contentType, ext) => {
		const result = await saveUpload({
			file: fileFrom(bytes, 'qualquer.bin', 'application/octet-stream'),
			kind: 'image',
			bucket: 'personalizacao-arquivos',
			prefix: 'atacado_logo',
		})
		expect(result).toMatchObject({ ok: true, upload: { contentType } })
		if (result.ok) expect(result.upload.key).toMatch(new RegExp(`^atacado_logo_[0-9a-f]{32}_\\d+\\.${ext}$`))
	})

	test.each([
		['mp4', mp4Bytes(), 'video/mp4', 'mp4'],
		['quicktime', MOV_BYTES, 'video/quicktime', 'mov'],
		['webm', WEBM_BYTES, 'video/webm', 'webm'],
	])('accepts %s videos', async (_label, bytes, contentType, ext) => {
		const result = await saveUpload({ file: fileFrom(bytes, 'x', ''), kind: 'video', bucket: 'hero-videos', prefix: 'hero' })
		expect(result).toMatchObject({ ok: true, upload: { contentType } })
		if (result.ok) expect(result.upload.key).toMatch(new RegExp(`^hero-\\d+\\.${ext}$`))
	})

	test('a 6 MB image is refused with the documented message', async () => {
		const result = await saveUpload({
			file: fileFrom(pngOfSize(6 * 1024 * 1024), 'grande.png', 'image/png'),
			kind: 'image',
			bucket: 'user-photos',
			userId: 'u1',
		})
		expect(result).toEqual({
			ok: false,
			error: { code: 'too_large', status: 413, title: 'Arquivo muito grande', message: 'Arquivo muito grande. Máximo 5MB.' },
		})
	})

	test('a video over 50 MB is refused with the documented message', async () => {
		const result = await saveUpload({
			file: fileFrom(mp4Bytes(50 * 1024 * 1024 + 1), 'longo.mp4', 'video/mp4'),
			kind: 'video',
			bucket: 'hero-videos',
			prefix: 'hero',
		})
		expect(result).toMatchObject({ ok: false, error: { code: 'too_large', message: 'O vídeo deve ter no máximo 50MB.' } })
	})

	test('no file, an empty file or a text field is "missing"', async () => {
		for (const file of [null, undefined, 'texto', fileFrom(new Uint8Array(), 'vazio.png', 'image/png')]) {
			const result = await saveUpload({ file, kind: 'video', bucket: 'hero-videos', prefix: 'hero' })
			expect(result).toMatchObject({ ok: false, error: { code: 'missing', message: 'Nenhum arquivo selecionado' } })
		}
	})

	test('two uploads in the same millisecond get distinct keys, nothing overwritten', async () => {
		const [a, b] = await Promise.all([
			saveUpload({ file: fileFrom(PNG_BYTES, 'a.png', ''), kind: 'image', bucket: 'user-photos', userId: 'par' }),
			saveUpload({ file: fileFrom(GIF_BYTES, 'b.gif', ''), kind: 'image', bucket: 'user-photos', userId: 'par' }),
		])
		if (!a?.ok || !b?.ok) throw new Error('both uploads should succeed')
		expect(a.upload.key).not.toBe(b.upload.key)
		const storage = getBucketStorage('user-photos')
		expect((await storage.get(a.upload.key))?.contentType).toBe('image/png')
		expect((await storage.get(b.upload.key))?.contentType).toBe('image/gif')
	})
})

describe('local disk driver', () => {
	test('put / get / exists / delete round trip under DATA_DIR/uploads/<bucket>', async () => {
		const storage = getBucketStorage('hero-videos')
		const bytes = mp4Bytes(1000)
		expect(await storage.exists('hero-1.mp4')).toBe(false)
		expect(await storage.put('hero-1.mp4', bytes, 'video/mp4')).toBe(true)
		expect(await readdir(path.join(dataDir, 'uploads', 'hero-videos'))).toContain('hero-1.mp4')

		const object = await storage.get('hero-1.mp4')
		expect(object).toMatchObject({ key: 'hero-1.mp4', contentType: 'video/mp4', size: 1000 })
		expect(object?.etag).toMatch(/^"[0-9a-f]{32}"$/)
		expect(await bytesOf(object!.body())).toEqual(bytes)
		expect(await bytesOf(object!.body({ start: 10, end: 19 }))).toEqual(bytes.slice(10, 20))

		// No overwrite: the second put is refused and the first bytes stay.
		expect(await storage.put('hero-1.mp4', PNG_BYTES, 'image/png')).toBe(false)
		expect((await storage.get('hero-1.mp4'))?.contentType).toBe('video/mp4')

		await deleteUpload('hero-videos', 'hero-1.mp4')
		expect(await storage.exists('hero-1.mp4')).toBe(false)
		expect(await storage.get('hero-1.mp4')).toBeNull()
		await storage.delete('hero-1.mp4') // deleting twice is fine
	})

	test('unsafe keys never reach the disk', async () => {
		const storage = getBucketStorage('user-photos')
		await expect(storage.put('../x', PNG_BYTES, 'image/png')).rejects.toThrow(/inválida/)
		await expect(storage.get('../../etc/passwd')).rejects.toThrow(/inválida/)
		await expect(storage.exists('/etc/passwd')).rejects.toThrow(/inválida/)
		await expect(storage.delete('a/../../b')).rejects.toThrow(/inválida/)
		expect(await readdir(dataDir)).not.toContain('x')
	})

	test('parseUploadUrl only accepts our own URLs with safe keys', () => {
		expect(parseUploadUrl('/uploads/user-photos/u1/17.png')).toEqual({ bucket: 'user-photos', key: 'u1/17.png' })
		expect(parseUploadUrl('/uploads/user-photos/../x')).toBeNull()
		expect(parseUploadUrl('/uploads/outro/x.png')).toBeNull()
		expect(parseUploadUrl('https://cdn.example.com/x.png')).toBeNull()
	})
})

describe('readMultipartForm', () => {
	function multipart(bytes: Uint8Array, headers: Record<string, string> = {}) {
		const form = new FormData()
		form.set('legenda', 'Meu cachorro')
		form.set('foto', fileFrom(bytes, 'f.png', 'image/png'))
		return new Request('http://loja.test/upload', { method: 'POST', body: form, headers })
	}

	test('reads a form within the limit', async () => {
		const result = await readMultipartForm(multipart(PNG_BYTES), { kind: 'image' })
		if (!result.ok) throw new Error(result.message)
		expect(result.formData.get('legenda')).toBe('Meu cachorro')
		expect((result.formData.get('foto') as File).size).toBe(PNG_BYTES.byteLength)
	})

	test('refuses a declared oversized body with 413 before reading it', async () => {
		// A stream that would never end: reading it at all would hang the test.
		const body = new ReadableStream<Uint8Array>({ pull: () => new Promise<void>(() => {}) })
		const request = new Request('http://loja.test/upload', {
			method: 'POST',
			body,
			headers: { 'content-length': String(60 * 1024 * 1024), 'content-type': 'multipart/form-data; boundary=x' },
			duplex: 'half',
		} as RequestInit)
		expect(await readMultipartForm(request, { kind: 'image' })).toEqual({
			ok: false,
			status: 413,
			message: 'Arquivo muito grande. Máximo 5MB.',
		})
		expect(request.bodyUsed).toBe(false)
	})

	test('stops reading an undeclared (chunked) body at the limit', async () => {
		const form = new FormData()
		form.set('video', fileFrom(mp4Bytes(2 * 1024 * 1024), 'v.mp4', 'video/mp4'))
		const encoded = new Response(form)
		const contentType = encoded.headers.get('content-type')!
		const request = new Request('http://loja.test/upload', {
			method: 'POST',
			body: encoded.body,
			headers: { 'content-type': contentType },
			duplex: 'half',
		} as RequestInit)
		expect(await readMultipartForm(request, { kind: 'video', maxBytes: 1024 * 1024 })).toEqual({
			ok: false,
			status: 413,
			message: 'O vídeo deve ter no máximo 50MB.',
		})
	})

	test('a body that is not a form is a 400 with a message', async () => {
		const request = new Request('http://loja.test/upload', {
			method: 'POST',
			body: 'isto não é multipart',
			headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
		})
		expect(await readMultipartForm(request, { kind: 'image' })).toMatchObject({ ok: false, status: 400 })
	})
})
