// Appended by KeyDesignPageTest to a copy of a key-design page: measures what the browser laid out and lists what
// the page shows, a line per fact ("name TAB value"), in a new pre element (id tm-check) that the DOM dump carries back.
(function () {
  var out = [];
  function line(name, value) { out.push(name + '\t' + String(value).replace(/\s+/g, ' ')); } // one line each

  // the window, and every element past its right edge
  line('innerWidth', window.innerWidth);
  line('scrollWidth', document.documentElement.scrollWidth);
  for (var el of document.body.getElementsByTagName('*')) {
    var r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > window.innerWidth + 0.5) {
      line('overflow', el.tagName + '.' + el.className + ' to ' + Math.round(r.right) + ' px: '
          + el.textContent.slice(0, 80));
    }
  }

  // an unbreakable run that broke anyway
  for (var t of document.querySelectorAll('.t')) {
    if (t.getClientRects().length > 1) { line('broken', t.textContent); }
  }
  // every run of a key between two separators (a placeholder whole) is on one line, in unbreakable .t spans
  var SEPARATORS = ' _|,;/';
  function oneLine(code, run) {
    if (run.length === 0) { return; }
    var text = run.map(function (r) { return r[0]; }).join(''), tops = new Set();
    for (var [c, owner] of run) {
      if (owner === null || owner.getClientRects().length !== 1) {
        line('broken', code.textContent + ': ' + text + ' may wrap');
        return;
      }
      tops.add(Math.round(owner.getClientRects()[0].top));
    }
    if (tops.size > 1) { line('broken', code.textContent + ': ' + text + ' is on two lines'); }
  }
  for (var code of document.querySelectorAll('code:not(.method)')) {
    var chars = [], walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      var owner = walker.currentNode.parentElement.closest('.t');
      for (var c of walker.currentNode.textContent) { chars.push([c, owner]); }
    }
    chars.push([' ', null]);
    var depth = 0, run = [];
    for (var [c, owner] of chars) {
      if (c === '{') { depth++; }
      if (c === '}' && depth > 0) { depth--; }
      if (depth === 0 && SEPARATORS.indexOf(c) >= 0) {
        oneLine(code, run);
        run = [];
      } else {
        run.push([c, owner]);
      }
    }
  }

  // the tallest property grid on screen (Chromium lays out the content of a closed <details> too), and the folded
  var tallest = 0;
  for (var grid of document.querySelectorAll('.props')) {
    if (!grid.closest('details:not([open])')) {
      tallest = Math.max(tallest, grid.getBoundingClientRect().height);
    }
  }
  line('tallestGrid', Math.round(tallest));
  line('folded', document.querySelectorAll('details .props').length);

  // two rows of one grid that read alike
  for (var reads of document.querySelectorAll('table.reads')) {
    var seen = {};
    for (var m of reads.querySelectorAll('code.method')) {
      if (seen[m.textContent]) { line('duplicate', m.textContent); }
      seen[m.textContent] = true;
    }
  }

  // per table: its methods, the properties of its key spaces with their types, its example keys
  for (var section of document.querySelectorAll('section.table')) {
    var table = section.querySelector('h2 code').textContent;
    for (var m of section.querySelectorAll('code.method')) { line('method', table + '|' + m.textContent); }
    for (var row of section.querySelectorAll('tr.space')) {
      for (var p of row.querySelectorAll('.prop')) {
        line('property', table + '|' + row.querySelector('b').textContent + '|'
            + p.querySelector('b').textContent + '|' + p.querySelector('i').textContent);
      }
    }
    for (var e of section.querySelectorAll('.example')) {
      var decoded = [];
      for (var li of e.querySelectorAll('.decoded li')) { decoded.push(li.textContent); }
      line('example', table + '|' + e.querySelector('code').textContent + '|' + decoded.join(' ; '));
    }
  }

  var pre = document.createElement('pre');
  pre.id = 'tm-check';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
})();
