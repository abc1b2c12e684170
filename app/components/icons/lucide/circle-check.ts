// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const CheckCircle2Icon = /* @__PURE__ */ spriteIcon('circle-check')
export const CircleCheckIcon = CheckCircle2Icon
