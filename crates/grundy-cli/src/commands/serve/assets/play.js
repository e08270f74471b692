// grundy serve's page: a game against the engine, and its history chart.
'use strict';

// ---- Play ----

async function startGame() {
  if (session) fetch(`/api/play/${session}`, { method: 'DELETE' }).catch(() => {});
  const state = await api('/play', { ...spec(), position: positions(), play: play() === 'misere' ? 'misere' : 'normal', engine_first: $('first').value === 'engine' });
  renderGame(state);
}

function renderGame(state) {
  session = state.session;
  $('play-undo').disabled = !state.history.some((p) => p.by === 'you');
  $('play-hint').disabled = state.over;
  const view = $('game-view');
  view.replaceChildren();
  const last = state.history[state.history.length - 1];
  if (last && last.by === 'engine') view.append(el('p', { class: 'engine-move', text: `The engine plays ${last.mv || last.move}.` }));
  view.append(el('pre', { class: 'position', id: 'game-position', text: state.position }));
  if (state.over) view.append(el('p', { class: 'result', id: 'game-result', role: 'status', text: state.result }));
  else {
    const j = state.judgement;
    const yours = j.outcome === 'N' ? 'you are winning' : j.outcome === 'P' ? 'with perfect play you lose' : 'it is a draw';
    view.append(el('p', { class: 'turn', text: `Your move — ${yours}${j.remoteness != null && j.outcome !== 'N' && j.outcome !== 'P' ? '' : j.remoteness != null ? ` (the game lasts ${j.remoteness} more move${j.remoteness === 1 ? '' : 's'})` : ''}.` }));
    const most = Math.max(1, ...state.moves.map((m) => m.remoteness || 0));
    const list = el('div', { class: 'move-buttons', id: 'play-moves' });
    for (const m of state.moves) {
      const button = el('button', { class: 'move-button', text: m.move, 'data-value': m.value, onclick: () => guarded(async () => {
        renderGame(await api(`/play/${session}/move`, { move: m.move }));
      }) });
      if ($('show-values').checked) { button.style.background = shade(m.value, m.remoteness, most); button.title = valueText(m); button.classList.add('valued'); }
      list.append(button);
    }
    view.append(list);
  }
  view.append(el('h3', { text: 'Value after each move' }),
    el('p', { class: 'hint', text: 'One row per position, the start first. Across: remoteness (moves left with perfect play), 0 at the edges; ringed dots: the engine to move.' }),
    chart(state.history));
}

/// GamesmanUni's history chart: after each move, how many moves remain
/// (remoteness) and for whom the position is won: right of the centre you
/// are winning, left of it the engine is.
function chart(history) {
  const rows = history.length;
  const most = Math.max(2, ...history.map((p) => p.judgement.remoteness || 0));
  const w = 340; const gutter = 24; const rowH = 22; const top = 40; const h = top + rows * rowH + 10;
  const mid = gutter + (w - gutter) / 2; const half = (w - gutter) / 2 - 16;
  const x = (p) => {
    const j = p.judgement;
    if (j.outcome === 'Draw' || j.outcome === 'D' || j.remoteness == null) return mid;
    const youWin = (j.outcome === 'N') === (p.to_move === 'you');
    const d = half * (1 - j.remoteness / most);
    return youWin ? mid + 6 + d : mid - 6 - d;
  };
  const svg = el('svg:svg', { viewBox: `0 0 ${w} ${h}`, class: 'chart', role: 'img', 'aria-label': 'the value of the position after each move' });
  svg.append(el('svg:line', { x1: mid, y1: top - 6, x2: mid, y2: h, class: 'axis' }));
  svg.append(el('svg:text', { x: gutter, y: 13, class: 'label', text: '← the engine is winning' }));
  svg.append(el('svg:text', { x: w - 4, y: 13, class: 'label end', text: 'you are winning →' }));
  // Remoteness ticks: 0 (the game ends now) at the edges, more moves towards the centre.
  const step = Math.max(1, Math.ceil(most / 4));
  for (let r = 0; r <= most; r += step) {
    for (const side of [1, -1]) {
      const tx = mid + side * (6 + half * (1 - r / most));
      if (Math.abs(tx - mid) < 14) continue;
      svg.append(el('svg:text', { x: tx, y: 29, class: 'label small tick', text: String(r) }));
    }
  }
  const points = history.map((p, i) => [x(p), top + i * rowH + rowH / 2]);
  svg.append(el('svg:polyline', { points: points.map((p) => p.join(',')).join(' '), class: 'trace' }));
  history.forEach((p, i) => {
    const [cx, cy] = points[i];
    const j = p.judgement;
    const value = j.outcome === 'Draw' || j.outcome === 'D' ? 'draw' : (j.outcome === 'N') === (p.to_move === 'you') ? 'win' : 'lose';
    svg.append(el('svg:circle', { cx, cy, r: 6, fill: shade(value, 0, 1), class: p.to_move === 'you' ? 'you' : 'engine' },
      el('svg:title', { text: `${i === 0 ? 'start' : `${p.by} played ${p.move}`}: ${p.to_move} to move, ${j.outcome}${j.remoteness != null ? `, remoteness ${j.remoteness}` : ''}` })));
    svg.append(el('svg:text', { x: gutter - 6, y: cy + 4, class: 'label small end', text: String(i) }));
  });
  return svg;
}

