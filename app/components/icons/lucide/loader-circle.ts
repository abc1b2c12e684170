// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.
import { spriteIcon } from '../sprite-icon'

export const Loader2Icon = /* @__PURE__ */ spriteIcon('loader-circle')
export const LoaderCircleIcon = Loader2Icon
