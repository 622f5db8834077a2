/** The one stylesheet of every page of the report (the run's report and the many-runs page). */
export const PAGE_CSS = `
:root{color-scheme:light;--fg:#1d2430;--muted:#5b6472;--line:#dde1e7;--bg:#f6f7f9;--up:#157f3b;--down:#b3261e;--warn:#8a4b00}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:26px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 12px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:16px;margin:16px 0 8px}
section>h2,details>summary>h2{margin-top:0}
details>summary{cursor:pointer;list-style-position:outside}details>summary>h2{display:inline-block;border:0;margin-bottom:0}
details[open]>summary{margin-bottom:12px}
.muted{color:var(--muted)}.warn{color:var(--warn);font-weight:600}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:16px 0}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:right}
th:first-child,td:first-child{text-align:left}
thead th{background:var(--bg)}
table+table{margin-top:16px}td.words,th.words{text-align:left}
tr.incomplete td{color:var(--warn)}
.up{color:var(--up)}.down{color:var(--down)}
.headline{font-size:17px;margin:8px 0 12px}
figure{margin:0 0 20px}figure img{max-width:100%;height:auto;border:1px solid var(--line);border-radius:4px;background:#fff}
figcaption{color:var(--muted);font-size:13px;overflow-wrap:anywhere}
.gifs{display:grid;grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:16px}
.gifs img{width:100%;image-rendering:pixelated;cursor:zoom-in}
.gifs input{display:none}
.gifs input:checked+label img{position:fixed;inset:0;margin:auto;width:auto;height:auto;max-width:96vw;max-height:96vh;min-width:min(96vw,720px);z-index:10;cursor:zoom-out;box-shadow:0 0 0 100vmax rgba(0,0,0,.6)}
.cut{color:var(--down)}
table.run td{text-align:left}table.run td:first-child{white-space:nowrap;color:var(--muted)}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--bg);padding:1px 4px;border-radius:3px}
ol.steps{margin:4px 0 12px;padding-left:28px}ol.steps li.more{list-style:none}
ul.issues li{margin:2px 0}
`;
