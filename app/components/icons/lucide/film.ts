// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const FilmIcon = /* @__PURE__ */ spriteIcon('film')
