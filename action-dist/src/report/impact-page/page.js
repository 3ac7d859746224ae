// The script of the ratlas impact page, inlined by src/report/impact-html.ts next to cytoscape.
// Plain browser JavaScript, no build step. Every name from the repository is set with textContent
// (or drawn on the graph's canvas), never parsed as markup; the page makes no request.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('ratlas-data').textContent);
  var byId = new Map(data.nodes.map(function (n) { return [n.id, n]; }));
  var COLUMN = 300;
  var ROW = 34;

  function basename(file) {
    var slash = file.lastIndexOf('/');
    return slash < 0 ? file : file.slice(slash + 1);
  }
  function label(n) {
    if (n.name === '') return n.role === 'test' ? n.file : basename(n.file);
    return n.name === '<module>' ? basename(n.file) + ' (top level)' : n.name;
  }
  function full(n) {
    return n.name === '' ? n.file : n.file + '#' + n.name;
  }
  function cls(n) {
    if (n.role === 'changed') return 'changed';
    if (n.role === 'test') return 'test';
    return n.edit ? 'edit' : 'impacted';
  }

  // Columns: changes, then impacted symbols by depth, then tests. Within a column, a node sits
  // after the nodes it was reached from, so the edges mostly run straight.
  var maxDepth = data.nodes.reduce(function (m, n) { return n.role === 'impacted' ? Math.max(m, n.depth) : m; }, 0);
  function column(n) { return n.role === 'changed' ? 0 : n.role === 'test' ? maxDepth + 1 : n.depth; }
  var drawn = data.nodes.filter(function (n) { return n.drawn; });
  var firstSource = new Map();
  data.edges.forEach(function (e) { if (!firstSource.has(e.target)) firstSource.set(e.target, e.source); });
  var rowOf = new Map();
  var columns = [];
  drawn.forEach(function (n) { (columns[column(n)] = columns[column(n)] || []).push(n); });
  columns.forEach(function (nodes) {
    if (!nodes) return;
    nodes.forEach(function (n, i) { n.order = i; });
    nodes.sort(function (a, b) {
      var ra = rowOf.has(firstSource.get(a.id)) ? rowOf.get(firstSource.get(a.id)) : Infinity;
      var rb = rowOf.has(firstSource.get(b.id)) ? rowOf.get(firstSource.get(b.id)) : Infinity;
      return ra - rb || a.order - b.order;
    });
    nodes.forEach(function (n, i) { rowOf.set(n.id, i); });
  });
  // A tall column wraps into sub-columns of PER_COLUMN nodes, so a large radius keeps a shape
  // a screen can show at a readable zoom.
  var PER_COLUMN = 40;
  var offsets = [];
  var x = 0;
  columns.forEach(function (nodes, c) {
    offsets[c] = x;
    x += nodes ? Math.ceil(nodes.length / PER_COLUMN) : 0;
  });
  var elements = drawn.map(function (n) {
    var row = rowOf.get(n.id);
    var position = { x: (offsets[column(n)] + Math.floor(row / PER_COLUMN)) * COLUMN, y: (row % PER_COLUMN) * ROW };
    return { group: 'nodes', data: { id: n.id, label: label(n) }, classes: cls(n), position: position };
  });
  data.edges.forEach(function (e, i) {
    if (byId.get(e.source).drawn && byId.get(e.target).drawn) {
      elements.push({ group: 'edges', data: { id: 'e' + i, source: e.source, target: e.target, relation: e.relation } });
    }
  });

  var cy = cytoscape({
    container: document.getElementById('graph'),
    elements: elements,
    layout: { name: 'preset', fit: true, padding: 24 },
    minZoom: 0.05,
    maxZoom: 3,
    style: [
      { selector: 'node', style: { width: 12, height: 12, 'background-color': '#6e7781', label: 'data(label)', 'font-size': 11, color: '#1f2328', 'text-valign': 'center', 'text-halign': 'right', 'text-margin-x': 5, 'text-wrap': 'ellipsis', 'text-max-width': COLUMN - 40 } },
      { selector: 'node.changed', style: { 'background-color': '#cf222e', width: 16, height: 16 } },
      { selector: 'node.edit', style: { 'background-color': '#bf8700' } },
      { selector: 'node.test', style: { 'background-color': '#0969da', shape: 'round-rectangle', width: 16, height: 16 } },
      { selector: 'edge', style: { width: 1, 'line-color': '#afb8c1', 'target-arrow-color': '#afb8c1', 'target-arrow-shape': 'triangle', 'arrow-scale': 0.6, 'curve-style': 'bezier' } },
      { selector: '.hidden', style: { display: 'none' } },
      { selector: '.faded', style: { opacity: 0.15 } },
      { selector: 'node.on-path', style: { 'border-width': 3, 'border-color': '#1f2328', 'font-weight': 'bold' } },
      { selector: 'edge.on-path', style: { width: 3, 'line-color': '#1f2328', 'target-arrow-color': '#1f2328', label: 'data(relation)', 'font-size': 10, 'text-background-color': '#ffffff', 'text-background-opacity': 1 } },
    ],
  });

  // The table: every node, drawn or not. Rows are made when first shown, and only the first
  // TABLE_ROWS matching ones are in the document until asked for: a large radius stays quick to open.
  var TABLE_ROWS = 200;
  var tableLimit = TABLE_ROWS;
  var tbody = document.querySelector('#table tbody');
  var rows = new Map();
  function rowFor(n) {
    var tr = rows.get(n.id);
    if (tr) return tr;
    tr = document.createElement('tr');
    tr.dataset.id = n.id;
    tr.className = cls(n);
    var path = data.paths[n.id];
    var start = path ? byId.get(path.nodes[0]) : null;
    var cells = [
      n.role === 'changed' ? 'changed: ' + n.change : n.role,
      String(n.depth),
      n.confidence.toFixed(2),
      n.name === '' ? '' : n.name,
      n.file,
      start ? full(start) + (path.nodes.length > 2 ? ' (+' + (path.nodes.length - 2) + ')' : '') : '',
    ];
    cells.forEach(function (text) {
      var td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    });
    tr.addEventListener('click', function () { showPath(n.id); });
    rows.set(n.id, tr);
    return tr;
  }
  var moreRows = document.getElementById('more-rows');
  moreRows.addEventListener('click', function () {
    tableLimit = Infinity;
    applyFilters();
  });

  var search = document.getElementById('search');
  var minConfidence = document.getElementById('min-confidence');
  var minConfidenceValue = document.getElementById('min-confidence-value');
  var maxDepthSelect = document.getElementById('max-depth');
  for (var d = 1; d <= maxDepth; d++) {
    var option = document.createElement('option');
    option.value = String(d);
    option.textContent = String(d);
    maxDepthSelect.appendChild(option);
  }
  var all = document.createElement('option');
  all.value = 'all';
  all.textContent = 'all';
  all.selected = true;
  maxDepthSelect.appendChild(all);

  function visible(n) {
    if (n.role === 'changed') return true;
    var depthLimit = maxDepthSelect.value === 'all' ? Infinity : Number(maxDepthSelect.value);
    if (n.confidence < Number(minConfidence.value)) return false;
    return n.role === 'test' || n.depth <= depthLimit;
  }

  function applyFilters() {
    var query = search.value.trim().toLowerCase();
    minConfidenceValue.textContent = Number(minConfidence.value).toFixed(2);
    var shownNodes = 0;
    var matching = [];
    cy.batch(function () {
      data.nodes.forEach(function (n) {
        var show = visible(n);
        var match = query === '' || full(n).toLowerCase().indexOf(query) >= 0;
        if (show && match) matching.push(n);
        if (!n.drawn) return;
        var el = cy.getElementById(n.id);
        el.toggleClass('hidden', !show);
        el.toggleClass('faded', show && !match);
        if (show) shownNodes++;
      });
    });
    tbody.replaceChildren.apply(tbody, matching.slice(0, tableLimit).map(rowFor));
    moreRows.hidden = matching.length <= tableLimit;
    moreRows.textContent = 'Show all ' + matching.length + ' rows';
    document.getElementById('counts').textContent =
      'graph: ' + shownNodes + ' of ' + data.drawn.nodes + ' nodes; table: ' + matching.length + ' of ' + data.nodes.length + ' rows';
  }

  function showPath(id) {
    var n = byId.get(id);
    var path = data.paths[id];
    var list = document.getElementById('path');
    list.textContent = '';
    document.getElementById('details-title').textContent = full(n);
    document.getElementById('details-hint').textContent = n.role === 'changed' ? 'A change (' + n.change + ').' : path ? 'Reached from the change in ' + (path.nodes.length - 1) + ' hop' + (path.nodes.length === 2 ? '' : 's') + ':' : '';
    cy.elements().removeClass('on-path');
    rows.forEach(function (tr) { tr.classList.remove('on-path'); });
    var ids = path ? path.nodes : [id];
    ids.forEach(function (step, i) {
      var li = document.createElement('li');
      var s = byId.get(step);
      li.textContent = (i === 0 ? '' : path.relations[i - 1] + ' \u2192 ') + full(s) + (i === 0 && s.change ? ' (' + s.change + ')' : '');
      list.appendChild(li);
      cy.getElementById(step).addClass('on-path');
      rowFor(s).classList.add('on-path');
      if (i > 0) cy.edges().filter(function (e) { return e.source().id() === ids[i - 1] && e.target().id() === step; }).addClass('on-path');
    });
  }

  // Too far out to read: start at a readable zoom on the changes (top left); the wheel zooms out.
  if (cy.zoom() < 0.5) {
    cy.zoom(0.5);
    cy.pan({ x: 24, y: 24 });
  }
  cy.on('tap', 'node', function (event) { showPath(event.target.id()); });
  search.addEventListener('input', applyFilters);
  minConfidence.addEventListener('input', applyFilters);
  maxDepthSelect.addEventListener('change', applyFilters);

  var note = document.getElementById('graph-note');
  note.textContent = data.drawn.nodes < data.drawn.total
    ? 'The graph draws ' + data.drawn.nodes + ' of ' + data.drawn.total + ' nodes (the paths to tests first, then dependents that may need an edit, then the nearest); the table lists all of them.'
    : '';
  var warnings = document.getElementById('warnings');
  data.warnings.forEach(function (w) {
    var li = document.createElement('li');
    li.textContent = w;
    warnings.appendChild(li);
  });
  applyFilters();
  window.ratlasPage = { cy: cy, showPath: showPath };
})();
