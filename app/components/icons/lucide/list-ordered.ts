// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const ListOrderedIcon = /* @__PURE__ */ spriteIcon('list-ordered')
