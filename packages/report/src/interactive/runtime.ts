// The script the page runs, as text: it is inlined into the page after uPlot, never fetched. Plain ES2017
// so any browser that opens the page can run it; kept as a string because it runs in the page, not here.

/** File name of the live data beside the page, re-loaded while the page is open from disk. */
export const LIVE_DATA_FILE = 'report-data.js';

/** Name of the function `report-data.js` calls with `{ charts: { id: EmbeddedChart } }`. */
export const LIVE_DATA_CALLBACK = 'evidenceLiveData';

/** How often an open page re-loads `report-data.js` (ms). */
export const LIVE_POLL_MS = 2000;

export const PAGE_SCRIPT = `(function () {
'use strict';
// a page with a live data file beside it says so on this script element (interactiveAssets)
var live = document.currentScript !== null && document.currentScript.hasAttribute('data-ev-live');
document.documentElement.classList.add('ev-js');
var charts = {};
// for tests and for a reader's console: the chart states by id, each with its uPlot panels
window.evidenceCharts = charts;

// TensorBoard's classic smoothing: an exponential moving average started at 0 and debiased by
// 1 - w^n (n = finite points so far); non-finite points pass through, a constant series is returned as is.
function smooth(values, weight) {
  var first;
  var constant = true;
  for (var i = 0; i < values.length; i++) {
    if (values[i] === undefined) continue;
    if (first === undefined) first = values[i];
    else if (values[i] !== first) { constant = false; break; }
  }
  if (constant || !(weight > 0)) return values;
  var out = new Array(values.length);
  var last = 0;
  var n = 0;
  for (var j = 0; j < values.length; j++) {
    var v = values[j];
    if (v === undefined || v === null || !isFinite(v)) { out[j] = v; continue; }
    last = last * weight + (1 - weight) * v;
    n++;
    out[j] = last / (weight === 1 ? 1 : 1 - Math.pow(weight, n));
  }
  return out;
}

function exact(v) {
  return v === undefined || v === null ? '—' : String(v);
}

// each series' own x joined into one ascending x; a point another series lacks is undefined (spanned),
// a break is null (a gap)
function joined(panel) {
  return uPlot.join(panel.series.map(function (s) { return [s.x, s.y]; }));
}

function extent(panelData) {
  var xs = panelData[0];
  return xs.length ? [xs[0], xs[xs.length - 1]] : null;
}

function panelHeight(state) {
  return state.data.panels.length > 1 ? 230 : 320;
}

function build(state) {
  var box = state.box;
  var width = Math.max(320, box.clientWidth || 800);
  state.plots.forEach(function (u) { u.destroy(); });
  state.plots = [];
  box.textContent = '';
  state.data.panels.forEach(function (panel, pi) {
    var holder = document.createElement('div');
    holder.className = 'ev-panel';
    box.appendChild(holder);
    if (!panel.series.length) {
      var empty = document.createElement('p');
      empty.className = 'ev-empty muted';
      empty.textContent = panel.emptyMessage;
      holder.appendChild(empty);
      return;
    }
    var raw = joined(panel);
    state.raw[pi] = raw;
    // new live data may hold a value <= 0, which a log scale cannot show
    var log = state.log[pi] === true && panel.positive;
    var series = [{
      label: state.data.xLabel || 'x',
      value: function (u, v) { return exact(v); },
    }];
    panel.series.forEach(function (s, si) {
      series.push({
        label: s.label,
        stroke: s.stroke,
        width: s.width,
        dash: s.dash || undefined,
        show: state.hidden[pi + ':' + si] !== true,
        spanGaps: false,
        value: function (u, v, sidx, idx) {
          if (idx === null || idx === undefined) return '—';
          var r = state.raw[pi][sidx][idx];
          return state.weight > 0 && v !== r ? exact(v) + ' (raw ' + exact(r) + ')' : exact(v);
        },
      });
    });
    var fit = function (u, min, max) { return yRange(u, raw, state.weight, min, max, log); };
    var y = log ? { distr: 3, range: fit } : panel.yDomain ? { range: panel.yDomain } : { range: fit };
    var last = pi === state.data.panels.length - 1;
    var u = new uPlot({
      width: width,
      height: panelHeight(state),
      scales: { x: { time: false }, y: y },
      axes: [
        { label: last ? state.data.xLabel : undefined, labelSize: last ? 24 : 0 },
        { label: panel.yLabel + (log ? ' (log)' : ''), size: 64 },
      ],
      series: series,
      cursor: { sync: { key: state.id }, drag: { x: true, y: false } },
      legend: { live: true },
      hooks: {
        drawAxes: [function (self) { drawRaw(self, panel, raw, state.weight); }],
        setScale: [function (self, key) { if (key === 'x') zoomed(state, self); }],
        setSeries: [function (self, si, opts) {
          if (si !== null && opts && opts.show !== undefined) state.hidden[pi + ':' + (si - 1)] = !opts.show;
        }],
      },
    }, smoothed(state, raw), holder);
    state.plots.push(u);
  });
  if (state.zoom) applyZoom(state, null);
}

// the y range fits the logged values in view too, so the faint raw line under a smoothed one is whole
function yRange(u, raw, weight, min, max, log) {
  if (weight > 0 && u.scales.x.min !== undefined) {
    for (var si = 1; si < raw.length; si++) {
      if (!u.series[si].show) continue;
      for (var i = 0; i < raw[0].length; i++) {
        var x = raw[0][i];
        var v = raw[si][i];
        if (x < u.scales.x.min || x > u.scales.x.max || v === undefined || v === null) continue;
        if (min === null || v < min) min = v;
        if (max === null || v > max) max = v;
      }
    }
  }
  if (min === null || max === null) return [0, 1];
  return log ? uPlot.rangeLog(min, max, 10, false) : uPlot.rangeNum(min, max, 0.1, true);
}

// under a smoothed series, the logged one, faint (as TensorBoard shows it)
function drawRaw(u, panel, raw, weight) {
  if (!(weight > 0)) return;
  var ctx = u.ctx;
  var box = u.bbox;
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.left, box.top, box.width, box.height);
  ctx.clip();
  ctx.globalAlpha = 0.25;
  for (var si = 1; si < raw.length; si++) {
    if (!u.series[si].show) continue;
    var ys = raw[si];
    ctx.strokeStyle = panel.series[si - 1].color;
    ctx.lineWidth = panel.series[si - 1].width * uPlot.pxRatio;
    ctx.beginPath();
    var pen = false;
    for (var i = 0; i < ys.length; i++) {
      var v = ys[i];
      if (v === undefined) continue;
      if (v === null) { pen = false; continue; }
      var px = u.valToPos(raw[0][i], 'x', true);
      var py = u.valToPos(v, 'y', true);
      if (pen) ctx.lineTo(px, py); else ctx.moveTo(px, py);
      pen = true;
    }
    ctx.stroke();
  }
  ctx.restore();
}

function smoothed(state, raw) {
  if (!(state.weight > 0)) return raw;
  return raw.map(function (values, i) { return i === 0 ? values : smooth(values, state.weight); });
}

// a drag zoom or a double-click reset on one panel moves the x range of the chart's other panels
function zoomed(state, source) {
  if (state.syncing) return;
  var full = extent(source.data);
  var min = source.scales.x.min;
  var max = source.scales.x.max;
  state.zoom = full && min <= full[0] && max >= full[1] ? null : [min, max];
  applyZoom(state, source);
}

function applyZoom(state, source) {
  state.syncing = true;
  try {
    state.plots.forEach(function (u) {
      if (u === source) return;
      if (state.zoom) u.setScale('x', { min: state.zoom[0], max: state.zoom[1] });
      else {
        var full = extent(u.data);
        if (full) u.setScale('x', { min: full[0], max: full[1] });
      }
    });
  } finally {
    state.syncing = false;
  }
}

function tools(state) {
  var bar = document.createElement('div');
  bar.className = 'ev-tools';
  var label = document.createElement('label');
  label.textContent = 'Smoothing ';
  var slider = document.createElement('input');
  slider.type = 'range';
  slider.min = '0';
  slider.max = '0.99';
  slider.step = '0.01';
  slider.value = '0';
  slider.className = 'ev-smoothing';
  slider.title = 'exponential moving average, debiased as in TensorBoard';
  var shown = document.createElement('output');
  shown.textContent = '0';
  slider.addEventListener('input', function () {
    state.weight = Math.min(0.99, Math.max(0, Number(slider.value) || 0));
    shown.textContent = String(state.weight);
    state.plots.forEach(function (u, i) {
      // keep the x range the reader chose; y fits the smoothed values
      var x = u.scales.x;
      u.setData(smoothed(state, state.raw[plotPanel(state, i)]), false);
      u.setScale('x', { min: x.min, max: x.max });
    });
  });
  label.appendChild(slider);
  label.appendChild(shown);
  bar.appendChild(label);
  state.data.panels.forEach(function (panel, pi) {
    if (!panel.positive) return;
    var toggle = document.createElement('label');
    var box = document.createElement('input');
    box.type = 'checkbox';
    box.className = 'ev-log';
    box.dataset.panel = String(pi);
    box.addEventListener('change', function () {
      state.log[pi] = box.checked;
      build(state);
    });
    toggle.appendChild(box);
    toggle.appendChild(document.createTextNode(' log scale: ' + (panel.yLabel || 'y')));
    bar.appendChild(toggle);
  });
  var hint = document.createElement('span');
  hint.className = 'ev-hint';
  hint.textContent = 'drag to zoom · double-click to reset · click a legend entry to hide it';
  bar.appendChild(hint);
  return bar;
}

// the index of the panel drawn by the i-th uPlot (panels with no series have none)
function plotPanel(state, i) {
  var k = -1;
  for (var pi = 0; pi < state.data.panels.length; pi++) {
    if (state.data.panels[pi].series.length) k++;
    if (k === i) return pi;
  }
  return -1;
}

function start(figure) {
  var source = figure.querySelector('script.ev-data');
  var noscript = figure.querySelector('noscript');
  if (!source) return;
  var state = {
    id: figure.dataset.chart,
    data: JSON.parse(source.textContent),
    plots: [],
    raw: [],
    log: {},
    hidden: {},
    weight: 0,
    zoom: null,
    syncing: false,
    box: document.createElement('div'),
  };
  charts[state.id] = state;
  // the static image of the <noscript> is shown when printing
  if (noscript) {
    var template = document.createElement('template');
    template.innerHTML = noscript.textContent;
    var img = template.content.querySelector('img');
    if (img) {
      img.className = 'ev-print';
      figure.insertBefore(img, noscript);
    }
  }
  state.box.className = 'ev-plots';
  figure.insertBefore(tools(state), figure.firstChild);
  figure.insertBefore(state.box, figure.children[1]);
  build(state);
}

var figures = document.querySelectorAll('figure.ev-chart');
for (var i = 0; i < figures.length; i++) start(figures[i]);

var resizing;
window.addEventListener('resize', function () {
  clearTimeout(resizing);
  resizing = setTimeout(function () {
    Object.keys(charts).forEach(function (id) {
      var state = charts[id];
      var width = Math.max(320, state.box.clientWidth || 800);
      state.plots.forEach(function (u) { u.setSize({ width: width, height: panelHeight(state) }); });
    });
  }, 100);
});

// Live: while the page is open from disk, re-load the data file beside it (a <script>: fetch() of
// file:// is blocked) and redraw the charts whose data version changed. Without the file, stop.
window.__LIVE_CALLBACK__ = function (live) {
  if (!live || !live.charts) return;
  Object.keys(live.charts).forEach(function (id) {
    var state = charts[id];
    var data = live.charts[id];
    if (!state || !data || data.version === state.data.version) return;
    state.data = data;
    build(state);
  });
};
if (live && location.protocol === 'file:' && Object.keys(charts).length) {
  var poll = function () {
    if (document.hidden) return setTimeout(poll, __LIVE_POLL_MS__);
    var s = document.createElement('script');
    s.src = '__LIVE_FILE__?t=' + Date.now();
    s.onload = function () { s.remove(); setTimeout(poll, __LIVE_POLL_MS__); };
    s.onerror = function () { s.remove(); };
    document.head.appendChild(s);
  };
  setTimeout(poll, __LIVE_POLL_MS__);
}
})();
`
  .replaceAll('__LIVE_CALLBACK__', LIVE_DATA_CALLBACK)
  .replaceAll('__LIVE_POLL_MS__', String(LIVE_POLL_MS))
  .replaceAll('__LIVE_FILE__', LIVE_DATA_FILE);
