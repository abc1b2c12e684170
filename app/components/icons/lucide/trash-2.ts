// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const Trash2Icon = /* @__PURE__ */ spriteIcon('trash-2')
