/**
 * The demo store's stylesheet: small, system fonts, no images, inlined in every page (one request
 * per page, nothing render-blocking). Mobile first; two columns from 760 px.
 */
export const STORE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1d2a22;background:#fbfaf7}
a{color:#2f5d46}
h1,h2,h3{line-height:1.2;margin:0 0 .5em}
h1{font-size:1.75rem}h2{font-size:1.25rem}
.wrap{max-width:1100px;margin:0 auto;padding:0 16px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:9}
.site-header{background:#fff;border-bottom:1px solid #e4e1d8}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:60px;flex-wrap:wrap}
.logo{font-weight:700;font-size:1.1rem;text-decoration:none;color:#1d2a22}
.logo span{color:#c9a227}
nav{display:flex;gap:16px;flex-wrap:wrap}
nav a{text-decoration:none;font-weight:500}
.announce{background:#2f5d46;color:#fff;text-align:center;font-size:.875rem;padding:6px 16px}
main.wrap{padding:24px 16px 48px;min-height:60vh}
.hero{background:#e8efe6;border-radius:12px;padding:32px 24px;margin-bottom:32px}
.hero p{max-width:36em}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:20px;list-style:none;padding:0;margin:0}
.card a{display:block;text-decoration:none;color:inherit}
.card .art{width:100%;height:auto;border-radius:10px;display:block;aspect-ratio:1}
.card h3{font-size:1rem;margin:.6em 0 .2em}
.price{font-weight:600}
.was{color:#7a7a7a;text-decoration:line-through;font-weight:400;margin-left:6px}
.product{display:grid;gap:24px}
.product .art{width:100%;height:auto;max-width:520px;border-radius:12px;aspect-ratio:1}
.product .price{font-size:1.35rem}
.crumbs{font-size:.875rem;margin-bottom:16px;color:#5b655f}
.btn{display:inline-block;border:0;border-radius:8px;background:#2f5d46;color:#fff;font:inherit;font-weight:600;padding:12px 20px;cursor:pointer;text-decoration:none;text-align:center}
.btn:hover{background:#244a38}
.btn.secondary{background:#fff;color:#2f5d46;border:1px solid #2f5d46}
.btn.danger{background:#fff;color:#a2493d;border:1px solid #a2493d}
.btn.small{padding:6px 12px;font-size:.875rem}
.btn.wide{width:100%}
form.inline{display:inline}
label{display:block;font-weight:500;margin:12px 0 4px}
input,select{font:inherit;padding:10px 12px;border:1px solid #c9c5b9;border-radius:8px;width:100%;background:#fff}
input[type=number]{width:5em}
.row{display:flex;gap:8px;align-items:flex-end}
.row input{flex:1}
.panel{background:#fff;border:1px solid #e4e1d8;border-radius:12px;padding:20px;margin-bottom:20px}
.two{display:grid;gap:24px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:10px 6px;border-bottom:1px solid #eee;vertical-align:middle}
td.num,th.num{text-align:right;white-space:nowrap}
.totals td{border:0;padding:4px 6px}
.totals tr.grand td{font-weight:700;font-size:1.1rem;border-top:1px solid #ddd;padding-top:10px}
.thumb{width:56px;height:56px;border-radius:8px;display:block}
.note{padding:12px 16px;border-radius:8px;margin:0 0 16px;background:#eef3f8;border:1px solid #c9d8e6}
.note.ok{background:#ecf5ee;border-color:#bcd9c4}
.note.error{background:#fbeeec;border-color:#e6c2bc}
.laurel-block{min-height:1.4em;padding:10px 14px;border-radius:8px;margin:12px 0;background:#f1f7f4;border:1px solid #bcd9c4;color:#1f4b3f;font-weight:600}
.muted{color:#5b655f;font-size:.875rem}
.tag{display:inline-block;padding:2px 8px;border-radius:99px;background:#eee;font-size:.8rem;font-weight:600}
.tag.paid{background:#e1efe4}.tag.cancelled,.tag.refunded{background:#f6e0dc}.tag.partially_refunded{background:#f8efd9}
.picks{display:grid;gap:8px}
footer{border-top:1px solid #e4e1d8;padding:24px 16px;color:#5b655f;font-size:.875rem;text-align:center}
@media (min-width:760px){.product,.two{grid-template-columns:1fr 1fr}.two.wide-left{grid-template-columns:3fr 2fr}h1{font-size:2rem}}
`
  .replace(/\n/g, "")
  .trim();
