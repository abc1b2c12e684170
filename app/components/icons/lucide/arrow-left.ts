// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const ArrowLeft = /* @__PURE__ */ spriteIcon('arrow-left')
export const ArrowLeftIcon = ArrowLeft
