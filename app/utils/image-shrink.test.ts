import { describe, expect, it } from 'vitest'
import { SHRINK, isHeic, keepOriginal, notAPicture, renamed, shrinkPlan, targetSize, unreadableMessage } from './image-shrink'
import { PHOTO_MESSAGES, uploadFailureMessage } from './photo-upload'

const MB = 1024 * 1024

describe('targetSize', () => {
	it('brings the longest side to 2,560 px, proportions kept, whichever side it is', () => {
		// 12 MP landscape, the same photo upright (EXIF 6 applied), 48 MP, a panorama.
		expect(targetSize(4000, 3000)).toEqual({ width: 2560, height: 1920 })
		expect(targetSize(3000, 4000)).toEqual({ width: 1920, height: 2560 })
		expect(targetSize(8064, 6048)).toEqual({ width: 2560, height: 1920 })
		expect(targetSize(12000, 2000)).toEqual({ width: 2560, height: 427 })
	})
	it('never enlarges, and a sliver keeps at least one pixel', () => {
		expect(targetSize(2560, 1440)).toEqual({ width: 2560, height: 1440 })
		expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 })
		expect(targetSize(100_000, 10)).toEqual({ width: 2560, height: 1 })
	})
})

describe('shrinkPlan', () => {
	it('sends a small JPEG, PNG, WebP or GIF within 2,560 px exactly as chosen', () => {
		for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
			expect(shrinkPlan({ bytes: 1.4 * MB, type, width: 2560, height: 1920 })).toEqual({ action: 'send-as-is' })
	})
	it('shrinks a phone photo of several MB to JPEG at 2,560 px', () => {
		expect(shrinkPlan({ bytes: 8.8 * MB, type: 'image/jpeg', width: 3000, height: 4000 })).toEqual({
			action: 'shrink',
			width: 1920,
			height: 2560,
			type: 'image/jpeg',
		})
	})
	it('re-encodes a file over 1.5 MB even within 2,560 px, and a small one that is too wide', () => {
		expect(shrinkPlan({ bytes: SHRINK.sendAsIsBelowBytes, type: 'image/jpeg', width: 2000, height: 1500 })).toMatchObject({
			action: 'shrink',
			width: 2000,
			height: 1500,
		})
		expect(shrinkPlan({ bytes: 400_000, type: 'image/jpeg', width: 2561, height: 100 })).toMatchObject({ action: 'shrink', width: 2560 })
	})
	it('keeps transparency possible: a PNG or WebP art becomes WebP, never JPEG', () => {
		expect(shrinkPlan({ bytes: 6 * MB, type: 'image/png', width: 5000, height: 5000 })).toMatchObject({ type: 'image/webp' })
		expect(shrinkPlan({ bytes: 6 * MB, type: 'image/webp', width: 5000, height: 5000 })).toMatchObject({ type: 'image/webp' })
	})
	it('converts a small HEIC or AVIF the browser opened (other browsers could not show it)', () => {
		expect(shrinkPlan({ bytes: 900_000, type: 'image/heic', width: 1000, height: 800 })).toMatchObject({ action: 'shrink', type: 'image/jpeg' })
		expect(shrinkPlan({ bytes: 900_000, type: '', width: 1000, height: 800 })).toMatchObject({ action: 'shrink' })
	})
})

describe('keepOriginal', () => {
	const photo = { bytes: 2 * MB, type: 'image/jpeg', width: 2000, height: 1500 }
	it('keeps a within-limits original when re-encoding did not make it smaller', () => {
		expect(keepOriginal(photo, 2 * MB)).toBe(true)
		expect(keepOriginal(photo, 1.2 * MB)).toBe(false)
	})
	it('never keeps one over 2,560 px, over 5 MB or of a type to convert', () => {
		expect(keepOriginal({ ...photo, width: 4000 }, 3 * MB)).toBe(false)
		expect(keepOriginal({ ...photo, bytes: 5.5 * MB }, 6 * MB)).toBe(false)
		expect(keepOriginal({ ...photo, type: 'image/heic' }, 3 * MB)).toBe(false)
	})
})

describe('messages', () => {
	it('names HEIC by its type or its name (some systems give no type), with the iPhone setting', () => {
		expect(isHeic({ name: 'IMG_0001.HEIC', type: '' })).toBe(true)
		expect(isHeic({ name: 'foto', type: 'image/heif' })).toBe(true)
		expect(isHeic({ name: 'foto.jpg', type: 'image/jpeg' })).toBe(false)
		expect(unreadableMessage({ name: 'IMG_0001.heic', type: '' })).toBe(
			'Não conseguimos abrir esta foto (HEIC). No iPhone, escolha "Mais compatível" em Ajustes > Câmera > Formatos, ou envie em JPEG.',
		)
		expect(unreadableMessage({ name: 'quebrada.jpg', type: 'image/jpeg' })).toBe('Por favor, selecione um arquivo de imagem válido.')
	})
	it('refuses what is not a picture before trying to open it', () => {
		expect(notAPicture({ name: 'contrato.pdf', type: 'application/pdf' })).toBe(true)
		expect(notAPicture({ name: 'IMG_0001.HEIC', type: '' })).toBe(false)
		expect(notAPicture({ name: 'rosto.png', type: 'image/png' })).toBe(false)
	})
	it('maps an upload answer to the server’s words, else to one by status, the documents’ 5 MB text for 413', () => {
		expect(uploadFailureMessage(400, 'A legenda deve ter no máximo 300 caracteres.')).toBe('A legenda deve ter no máximo 300 caracteres.')
		expect(uploadFailureMessage(413)).toBe('Arquivo muito grande. Máximo 5MB.')
		expect(uploadFailureMessage(413, '  ')).toBe(PHOTO_MESSAGES.tooLarge)
		expect(uploadFailureMessage(400)).toBe(PHOTO_MESSAGES.notImage)
		expect(uploadFailureMessage(429)).toBe(PHOTO_MESSAGES.tooMany)
		expect(uploadFailureMessage(0)).toBe(PHOTO_MESSAGES.failed)
		expect(uploadFailureMessage(502)).toBe('Não foi possível enviar a foto. Verifique sua conexão e tente novamente.')
	})
	it('keeps the shopper’s name with the new extension', () => {
		expect(renamed('Thor no parque 🐶.HEIC', 'image/jpeg')).toBe('Thor no parque 🐶.jpg')
		expect(renamed('arte.final.png', 'image/webp')).toBe('arte.final.webp')
		expect(renamed('.heic', 'image/jpeg')).toBe('foto.jpg')
		expect(renamed('sem-extensao', 'image/jpeg')).toBe('sem-extensao.jpg')
	})
})
