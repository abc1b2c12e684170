import { HELD_MODULE_PRELOAD_REL, HELD_MODULE_SCRIPT_TYPE, HYDRATED_EVENT } from '~/components/modules-after-paint'
import storefrontStylesheet from '~/styles/storefront.css?url'
import { FIRST_INPUTS } from '~/utils/after-first-input'
import { classesIn, type CriticalCss } from './critical-css.server'
import { classesDrawnLater, partsDrawnLaterIn } from './parts-drawn-later.server'
import type { PageRewrite } from './page-rewrite.server'

/**
 * The first paint comes before the page's JavaScript and with only the CSS it uses (decision 141;
 * before it, decision 067 only lowered the modules' priority).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` for every module the page
 * hydrates with (React hoists them to the top of `<head>`) and one inline `<script type="module"
 * async>` that imports them. `async` runs that script as soon as its imports arrive, even while the
 * document is still being parsed: on a fast connection, or with the modules cached, a phone
 * evaluates ~450 KB of JavaScript before it paints the page it already has, and the largest picture
 * waits behind it. The page is drawn by the server and works by links and forms before hydration.
 *
 * So, as the document leaves the server:
 * - each modulepreload becomes `rel="x-modulepreload"` (not fetched) and the module script gets a
 *   type no browser runs; the starter written after them (components/modules-after-paint.tsx) turns
 *   them back on once the page has painted and its high-priority pictures have arrived;
 * - the stylesheet inside the page keeps only the rules its HTML uses (critical-css.server.ts); the
 *   starter adds the whole stylesheet, as a file, before the modules run;
 * - a piece streamed later (a Suspense boundary) that uses a class the shell's rules left out is
 *   preceded by that stylesheet's `<link>`: the browser waits for it before showing that piece.
 *
 * React's hydration compares none of this: the module script is `suppressHydrationWarning`, links
 * are matched by href and rel after the starter restored them, the inline style's text is read back
 * from the document (components/inline-stylesheet.tsx), and React 19 skips tags it did not render
 * at the body's top level. The page cache stores the rewritten document.
 */

/** The whole storefront stylesheet as a file: the page carries only the rules its HTML uses. */
export const STOREFRONT_STYLESHEET_HREF = storefrontStylesheet

/** Set on `<html>` by the starter once the page has hydrated, loaded and been idle (decision 157; styles/app.css names it too). */
const SETTLED_ATTRIBUTE = 'data-settled'

/**
 * Module preloads turned back on per task. Each one is a request the main thread starts
 * (~0.6 ms on this machine, more under Lighthouse's instrumentation): the page's 25–30 at once were
 * one task of 26–50 ms, a long task at a phone's speed (decision 155); two per task, with a
 * message between them, start them all within a few milliseconds without one.
 */
const PRELOADS_PER_TASK = 2

/**
 * The starter, written after React Router's scripts (components/modules-after-paint.tsx).
 *
 * Waits for the high-priority pictures (the largest paint), for the browser's own word that the
 * first contentful paint was shown (a 'paint' entry: its time is when the frame reached the screen,
 * later than the frame's work on the main thread) and two more frames (the pictures' own). Then
 * restores the modulepreloads a few per task (the modules download together), fetches the rest of
 * the stylesheet (the file) as text, and once it has arrived (or failed) runs React Router's module
 * script in its place under the same nonce ('strict-dynamic' trusts what a nonced script adds).
 * In a hidden tab frames do not come: a timer starts them anyway.
 *
 * The file is applied only when the page needs it (decision 156): its arrival restyled every element
 * that carries one of its classes (312 on the product page, 25–80 ms on this machine), though the
 * page's own rules already drew them. A MutationObserver watches for an element, added or changed
 * later (hydration, a row drawn when near, a drawer, a client navigation), with a class the page's
 * own rules never name; the text then goes in as a `<style>` in that same task, before the browser
 * paints the new element. The shopper's first input (a tap, a key, a touch, a wheel) applies it at
 * the next idle moment anyway, so that the first drawer need not pay for it. A piece streamed later
 * that needs it brings the file's `<link>` (firstPaintRewrite's `later`): then nothing is watched.
 *
 * A tap on a button that does nothing without JavaScript (not a form's submit: that one posts),
 * made before the page hydrated, is remembered and clicked again once it has: the last one only,
 * as the shopper's one intention (a second tap on a toggle would undo the first).
 *
 * Once the page has hydrated and loaded, the browser's next idle moment (3 s at most) marks
 * `<html data-settled>`: decorative motion (the announcement bar's marquee, styles/app.css) waits for
 * it, since a running animation's frames take processor time from the loading page (decision 157).
 */
export const FIRST_PAINT_STARTER = `(function(){
var d=document,started=false,ran=false,href=${JSON.stringify(STOREFRONT_STYLESHEET_HREF)},tapped=null,rest=null,applied=false,watcher=null;
function early(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!b.disabled&&!(b.form&&b.type==='submit'))tapped=b}
d.addEventListener('click',early,true);
d.addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){d.removeEventListener('click',early,true);var b=tapped;tapped=null;if(b&&b.isConnected)b.click();if(d.readyState==='complete')idle();else addEventListener('load',idle,{once:true})},{once:true});
function whenIdle(f,t){if(window.requestIdleCallback)requestIdleCallback(f,{timeout:t});else setTimeout(f,200)}
function idle(){whenIdle(function(){d.documentElement.setAttribute('${SETTLED_ATTRIBUTE}','')},3000)}
function run(){
if(ran)return;ran=true;
var held=d.querySelector('script[type="${HELD_MODULE_SCRIPT_TYPE}"]');
if(!held)return;
var s=d.createElement('script');s.type='module';s.nonce=held.nonce;s.textContent=held.textContent;
held.replaceWith(s)}
function start(){
if(started)return;started=true;
var held=[].slice.call(d.querySelectorAll('link[rel="${HELD_MODULE_PRELOAD_REL}"]')),channel=new MessageChannel();
channel.port1.onmessage=restore;restore();
function restore(){
held.splice(0,${PRELOADS_PER_TASK}).forEach(function(l){l.rel='modulepreload'});
if(held.length)return channel.port2.postMessage(0);
channel.port1.close();
if(linked())return run();
watch();
fetch(href).then(function(r){return r.ok?r.text():null}).then(function(t){rest=t},function(){}).then(run);
setTimeout(run,5000)}}
function linked(){return d.querySelector('link[rel="stylesheet"][href="'+href+'"]')}
function apply(){
if(applied)return;applied=true;
if(watcher)watcher.disconnect();
if(linked())return;
var e;
if(rest){e=d.createElement('style');e.setAttribute('data-app-css-rest','');e.textContent=rest}
else{e=d.createElement('link');e.rel='stylesheet';e.href=href}
d.head.appendChild(e)}
function watch(){
var own=new Set(),style=d.querySelector('style[data-app-css]'),text=style?style.textContent:'',re=/\\.((?:\\\\.|[\\w-])+)/g,m;
while((m=re.exec(text)))own.add(m[1].replace(/\\\\(.)/g,'$1'));
function needs(el){var c=el.nodeType===1&&el.getAttribute('class');if(!c)return false;c=c.split(/\\s+/);for(var i=0;i<c.length;i++)if(c[i]&&!own.has(c[i]))return true;return false}
function added(n){return needs(n)||(n.nodeType===1&&[].some.call(n.querySelectorAll('[class]'),needs))}
watcher=new MutationObserver(function(list){for(var i=0;i<list.length;i++){var r=list[i];if(r.type==='attributes'?needs(r.target):[].some.call(r.addedNodes,added))return apply()}});
watcher.observe(d.documentElement,{subtree:true,childList:true,attributes:true,attributeFilter:['class']});
function soon(){whenIdle(apply,2000)}
${JSON.stringify(FIRST_INPUTS)}.forEach(function(t){addEventListener(t,soon,{capture:true,passive:true,once:true})})}
function frames(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}
function afterPaint(){
try{var seen=new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length){seen.disconnect();frames()}});seen.observe({type:'paint',buffered:true})}catch(e){frames()}}
var waiting=0;
d.querySelectorAll('img[fetchpriority="high"]').forEach(function(img){
if(img.complete)return;waiting++;
function done(){img.removeEventListener('load',done);img.removeEventListener('error',done);if(--waiting===0)afterPaint()}
img.addEventListener('load',done);img.addEventListener('error',done)});
if(waiting===0)afterPaint();
setTimeout(start,3000)})()`

/** What ends React Router's module script's opening tag (React writes the nonce, then these). */
export const MODULE_SCRIPT_ATTRIBUTES = ' type="module" async="">'
const HELD_MODULE_SCRIPT_ATTRIBUTES = ` type="${HELD_MODULE_SCRIPT_TYPE}">`
const MODULE_PRELOAD = '<link rel="modulepreload" '
const HELD_MODULE_PRELOAD = `<link rel="${HELD_MODULE_PRELOAD_REL}" `
const INLINE_STYLESHEET = '<style data-app-css="">'
// `<script` and a nonce before the attributes: further back than this it is not the same tag.
const MAX_TAG_PREFIX = 120

export function holdModulePreloads(head: string): string {
	return head.replaceAll(MODULE_PRELOAD, HELD_MODULE_PRELOAD)
}

/** The shell with its last tag, React Router's module script, under a type no browser runs. */
export function holdModuleScript(shell: string): string {
	if (!shell.endsWith(MODULE_SCRIPT_ATTRIBUTES)) return shell
	const attributesAt = shell.length - MODULE_SCRIPT_ATTRIBUTES.length
	const open = shell.lastIndexOf('<script', attributesAt)
	if (open === -1 || attributesAt - open > MAX_TAG_PREFIX || shell.slice(open, attributesAt).includes('>')) return shell
	return shell.slice(0, attributesAt) + HELD_MODULE_SCRIPT_ATTRIBUTES
}

/** `head` with its inline stylesheet's text replaced by `css`. */
export function replaceInlineStylesheet(head: string, css: string): string {
	const open = head.indexOf(INLINE_STYLESHEET)
	if (open === -1) return head
	const start = open + INLINE_STYLESHEET.length
	const end = head.indexOf('</style>', start)
	if (end === -1) return head
	return head.slice(0, start) + css + head.slice(end)
}

/** One document's rewrite: the shell as above, then the stylesheet's link before the first later piece that needs it. */
export function firstPaintRewrite(critical: CriticalCss, stylesheetHref: string): PageRewrite {
	let shellClasses: ReadonlySet<string> = new Set()
	let linked = false
	return {
		shellEndsAfter: MODULE_SCRIPT_ATTRIBUTES,
		shell(html) {
			// The shell's own classes, and those of the parts it says the browser draws after hydration (decision 158).
			const classes = classesIn(html)
			for (const part of partsDrawnLaterIn(html)) for (const name of classesDrawnLater(critical, part)) classes.add(name)
			shellClasses = classes
			const headEnd = html.indexOf('</head>')
			if (headEnd === -1) return holdModuleScript(html)
			const head = replaceInlineStylesheet(holdModulePreloads(html.slice(0, headEnd)), critical.forClasses(shellClasses))
			return holdModuleScript(head + html.slice(headEnd))
		},
		later(html) {
			if (linked) return html
			const needsMore = [...classesIn(html)].some((name) => !shellClasses.has(name) && critical.isUsedClass(name))
			if (!needsMore) return html
			linked = true
			return `<link rel="stylesheet" href="${stylesheetHref}"/>${html}`
		},
	}
}
