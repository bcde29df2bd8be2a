// Arbiter pages: progressive enhancement only. Every page works without it.
// 1. Live pages: a server-sent event says "changed"; the page fetches itself
//    again and swaps its live regions ([data-live] with an id) in place.
// 2. Result entry: board number + Enter, then a shortcut (1 = 0 + - x) or a
//    result typed in full saves that board through the JSON API and moves on
//    to the next board without a result; the last entry can be undone.
// Folding names for search, the rule of app/src/domain/fold.rs: lower case,
// diacritics removed (canonical decomposition, marks dropped), the letters
// that do not decompose mapped by FOLD (the same table as the Rust LETTERS;
// a test compares them), every run of other characters one space.
(function () {
  "use strict";
  var FOLD = {
    "ł": "l", "ø": "o", "đ": "d", "ð": "d", "ß": "ss", "ẞ": "ss", "æ": "ae", "œ": "oe",
    "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l", "ĸ": "k", "ŋ": "n"
  };
  window.arbiterFold = function (text) {
    var out = "";
    var space = false;
    var chars = Array.from(String(text).normalize("NFD").toLowerCase().normalize("NFD"));
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (/\p{M}/u.test(c)) continue;
      var mapped = Object.prototype.hasOwnProperty.call(FOLD, c) ? FOLD[c] : null;
      if (mapped !== null || /[\p{L}\p{N}]/u.test(c)) {
        if (space && out !== "") out += " ";
        space = false;
        out += mapped !== null ? mapped : c;
      } else {
        space = true;
      }
    }
    return out;
  };
})();

(function () {
  "use strict";

  function live() {
    var url = document.body.getAttribute("data-live");
    if (!url || !window.EventSource || !window.DOMParser) return;
    var timer = null;
    var source = null;
    var told = "";
    function open() {
      if (source) return;
      source = new EventSource(url);
      source.addEventListener("update", function (e) {
        told = e.data || told;
        if (timer) return;
        timer = setTimeout(function () {
          timer = null;
          refresh(told);
        }, 400);
      });
    }
    function close() {
      if (!source) return;
      source.close();
      source = null;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
    }
    // A page that is left (and kept in the back/forward cache) or hidden lets
    // go of its stream: a browser opens only a few connections to one server,
    // and streams held by pages nobody looks at would leave the next click
    // waiting. Shown again, the page reopens its stream and catches up.
    function reopen() {
      if (source) return;
      open();
      refresh(told);
    }
    open();
    window.addEventListener("pagehide", close);
    window.addEventListener("pageshow", function (e) {
      if (e.persisted) reopen();
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") close();
      else reopen();
    });
  }

  // `version`: the one the event told of; the server answers nothing older.
  function refresh(version) {
    var headers = { "Accept": "text/html" };
    if (version) headers["X-Arbiter-Version"] = version;
    fetch(location.href, { credentials: "same-origin", headers: headers })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) return;
        var doc = new DOMParser().parseFromString(text, "text/html");
        var regions = document.querySelectorAll("[data-live][id]");
        for (var i = 0; i < regions.length; i++) {
          var fresh = doc.getElementById(regions[i].id);
          if (fresh) regions[i].replaceWith(document.importNode(fresh, true));
        }
        var stamp = document.getElementById("live-status");
        if (stamp) stamp.textContent = stamp.getAttribute("data-text") + " " + new Date().toLocaleTimeString();
        document.dispatchEvent(new Event("arbiter:live"));
      })
      .catch(function () {});
  }

  // Result entry. A shortcut key counts only as the first keystroke of an
  // empty (or wholly selected) box; whatever else is typed stays in that box
  // and is read as that box's result: `1-0` typed by habit is board 1's 1-0,
  // never 1-0 here, -/+ on the next board and 0-1 on the one after.
  var KEYS = { "1": "1-0", "=": "½-½", "0": "0-1", "+": "+/-", "-": "-/+", "x": "-/-", "X": "-/-" };
  // Everything the server reads as a result (results::parse_result), as typed.
  var RESULTS = ["1-0", "0-1", "½-½", "1/2-1/2", "1/2", "=", "+/-", "-/+", "-/-",
    "+-", "-+", "--", "0-0", "0-½", "½-0", "0-1/2", "1/2-0", "½", "*"];
  var SETTLE_MS = 900;

  function normal(t) { return t.replace(/[−–—]/g, "-").replace(/:/g, "-").replace(/\s+/g, ""); }
  function complete(t) {
    t = normal(t);
    return RESULTS.indexOf(t) >= 0 || (t.length === 1 && KEYS.hasOwnProperty(t));
  }
  function longer(t) {
    t = normal(t);
    for (var i = 0; i < RESULTS.length; i++) {
      if (RESULTS[i].length > t.length && RESULTS[i].lastIndexOf(t, 0) === 0) return true;
    }
    return false;
  }
  function meaning(t) {
    t = normal(t);
    if (t.length === 1 && KEYS.hasOwnProperty(t)) return KEYS[t];
    if (t === "1/2" || t === "½") return "½-½";
    return t;
  }

  function entry() {
    var table = document.querySelector("table.entry");
    if (!table) return;
    var form = table.closest("form");
    var csrf = form.querySelector("input[name=csrf]").value;
    var tid = table.getAttribute("data-tid");
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input.result"));
    var undoBar = document.getElementById("undo-bar");
    var undoButton = document.getElementById("undo");
    var undoText = document.getElementById("undo-text");
    var nextStep = document.getElementById("next-step");
    var last = null;
    var undoTimer = null;

    function row(input) { return input.closest("tr"); }
    function say(input, text, ok) {
      var tr = row(input);
      tr.classList.toggle("saved", ok);
      tr.classList.toggle("failed", !ok);
      var out = tr.querySelector(".msg");
      if (out) out.textContent = text;
    }
    function next(input) {
      var i = inputs.indexOf(input);
      for (var k = 1; k <= inputs.length; k++) {
        var c = inputs[(i + k) % inputs.length];
        if (c.getAttribute("data-done") !== "1") return c;
      }
      return null;
    }
    function roundComplete() {
      if (!nextStep) return;
      var open = inputs.some(function (i) { return i.getAttribute("data-done") !== "1"; });
      nextStep.hidden = open;
    }
    function offerUndo(input, before, after) {
      if (!undoBar) return;
      last = { input: input, before: before };
      undoText.textContent = table.getAttribute("data-board-word") + " " + row(input).getAttribute("data-board") + ": " + after;
      undoBar.hidden = false;
      if (undoTimer) clearTimeout(undoTimer);
      undoTimer = setTimeout(function () { undoBar.hidden = true; last = null; }, 15000);
    }
    function put(input, body, after) {
      return fetch("/api/v1/tournaments/" + tid + "/games/" + input.getAttribute("data-game") + "/result", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(body)
      }).then(function (r) {
        return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; });
      }).then(after).catch(function () {
        input.setAttribute("data-done", "0");
        say(input, table.getAttribute("data-network"), false);
      });
    }
    function save(input, result, confirmed) {
      var tr = row(input);
      var reasonBox = tr.querySelector("input.reason");
      var before = input.defaultValue === "" ? "*" : input.defaultValue;
      input.value = result;
      put(input, {
        result: result,
        version: parseInt(input.getAttribute("data-version"), 10),
        reason: reasonBox ? reasonBox.value : "",
        confirm: !!confirmed
      }, function (a) {
        if (a.ok) {
          input.value = a.body.result === "*" ? "" : a.body.result;
          input.defaultValue = input.value;
          input.setAttribute("data-version", a.body.version);
          input.setAttribute("data-done", a.body.kind === "pending" ? "0" : "1");
          if (reasonBox) { reasonBox.value = ""; }
          say(input, table.getAttribute("data-saved") + ": " + a.body.result, true);
          offerUndo(input, before, a.body.result);
          roundComplete();
        } else if (a.body.field === "confirm" && window.confirm(a.body.error)) {
          save(input, result, true);
        } else {
          input.setAttribute("data-done", "0");
          say(input, a.body.error || ("HTTP " + a.status), false);
          if (a.body.current && a.body.current.version) input.setAttribute("data-version", a.body.current.version);
          if (a.body.field === "reason" && reasonBox) reasonBox.focus();
          roundComplete();
        }
      });
    }
    function undo() {
      if (!last) return;
      var u = last;
      last = null;
      undoBar.hidden = true;
      put(u.input, {
        result: u.before,
        version: parseInt(u.input.getAttribute("data-version"), 10),
        reason: table.getAttribute("data-undo-reason")
      }, function (a) {
        if (a.ok) {
          u.input.value = a.body.result === "*" ? "" : a.body.result;
          u.input.defaultValue = u.input.value;
          u.input.setAttribute("data-version", a.body.version);
          u.input.setAttribute("data-done", a.body.kind === "pending" ? "0" : "1");
          say(u.input, table.getAttribute("data-undone") + ": " + a.body.result, true);
          u.input.focus();
        } else {
          say(u.input, a.body.error || ("HTTP " + a.status), false);
        }
        roundComplete();
      });
    }
    if (undoButton) undoButton.addEventListener("click", undo);

    // Typed text waiting to be read as a result: the box, and the timer that
    // saves a complete text nothing more was typed after.
    function settle(input) {
      if (input._timer) { clearTimeout(input._timer); input._timer = null; }
    }
    function commit(input) {
      settle(input);
      var text = input.value;
      input.setAttribute("data-done", "1");
      var n = next(input);
      save(input, meaning(text));
      if (n && document.activeElement === input) n.focus();
      return n;
    }
    function typeKey(input, key) {
      var fresh = input.value === "" || (input.selectionStart === 0 && input.selectionEnd === input.value.length);
      var base = fresh ? "" : input.value;
      var text = base + key;
      settle(input);
      if (complete(text) || longer(text)) {
        input.value = text;
        if (complete(text) && !longer(text)) {
          commit(input);
        } else if (complete(text)) {
          input._timer = setTimeout(function () { if (input.value === text) commit(input); }, SETTLE_MS);
        }
        return;
      }
      if (base !== "" && complete(base)) {
        // The text before this key was a whole result: it is saved, and the key
        // starts the next board.
        var n = commit(input);
        if (n) typeKey(n, key);
        return;
      }
      input.value = text;
      say(input, table.getAttribute("data-not-result"), false);
    }

    inputs.forEach(function (input) {
      input.addEventListener("keydown", function (e) {
        if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z") && last) {
          e.preventDefault();
          undo();
          return;
        }
        if (e.ctrlKey || e.altKey || e.metaKey) return;
        if (e.key === "Enter") {
          e.preventDefault();
          if (input.value.trim() !== "") commit(input);
        } else if (e.key === "Escape") {
          settle(input);
          input.value = input.defaultValue;
          input.select();
        } else if (e.key.length === 1 && e.key !== " ") {
          var atEnd = input.selectionEnd === input.value.length;
          var whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
          if (!atEnd && !whole) return;
          e.preventDefault();
          typeKey(input, e.key);
        } else if (e.key === "Backspace" || e.key === "Delete") {
          settle(input);
        }
      });
      input.addEventListener("blur", function () {
        // Leaving a box with a complete result that waited for more saves it.
        if (input._timer && complete(input.value)) {
          settle(input);
          input.setAttribute("data-done", "1");
          save(input, meaning(input.value));
        }
      });
      input.addEventListener("focus", function () { input.select(); });
      input.addEventListener("mouseup", function (e) { e.preventDefault(); input.select(); });
    });
    Array.prototype.forEach.call(table.querySelectorAll("input.reason"), function (box) {
      box.addEventListener("keydown", function (e) {
        if (e.key === "Enter") {
          e.preventDefault();
          var input = row(box).querySelector("input.result");
          if (input.value.trim() !== "") save(input, meaning(input.value.trim()));
        }
      });
    });
    var jump = document.getElementById("jump");
    if (jump) {
      jump.addEventListener("keydown", function (e) {
        if (e.key !== "Enter") return;
        e.preventDefault();
        var target = table.querySelector("tr[data-board='" + jump.value.trim() + "'] input.result");
        if (target) { jump.value = ""; target.focus(); }
      });
    }
    roundComplete();
  }

  // Forms that undo work ask first (withdrawing, removing a registration).
  function confirmations() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-confirm]"), function (f) {
      f.addEventListener("submit", function (e) {
        if (!window.confirm(f.getAttribute("data-confirm"))) { e.preventDefault(); return; }
        // Confirmed here: the server records it without asking again
        // (without the script it answers with its own confirmation).
        var c = f.querySelector("input[name=confirm]");
        if (c) c.value = "1";
      });
    });
  }

  // "Now" next to a time box: the current time of day, HH:MM (the box
  // takes HH:MM or HH:MM:SS; the day is the round's or the resumption's).
  function nowButtons() {
    Array.prototype.forEach.call(document.querySelectorAll("button[data-now]"), function (b) {
      var box = document.getElementById(b.getAttribute("data-now"));
      if (!box) return;
      b.hidden = false;
      b.addEventListener("click", function () {
        var d = new Date();
        function two(n) { return (n < 10 ? "0" : "") + n; }
        var seconds = box.type === "time" && box.step === "1";
        box.value = two(d.getHours()) + ":" + two(d.getMinutes()) + (seconds ? ":" + two(d.getSeconds()) : "");
        box.dispatchEvent(new Event("input", { bubbles: true }));
        box.focus();
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    live();
    entry();
    confirmations();
    nowButtons();
  });
})();

// Rating lists on the staff players screen (templates/rating_list_tools.html):
// the search box asks /api/v1/rating-lists/search (with the tournament, so the
// answer carries the rating of the event's time control) and a chosen player
// fills the register form; re-rating is previewed as a table, then applied.
(function () {
  "use strict";

  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function setValue(id, value) {
    var input = document.getElementById(id);
    if (input) input.value = value === null || value === undefined ? "" : String(value);
  }

  function search(section) {
    var tid = section.getAttribute("data-tid");
    var box = document.getElementById("rl-q");
    var out = document.getElementById("rl-found");
    if (!box || !out) return;
    var timer = null;
    box.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var q = box.value.trim();
        out.textContent = "";
        if (q.length < 2) return;
        fetch("/api/v1/rating-lists/search?limit=10&tid=" + tid + "&q=" + encodeURIComponent(q),
          { credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.json() : []; })
          .then(function (found) {
            out.textContent = "";
            // No list loaded: the page says so already (#rl-no-list).
            if (!found.length && section.getAttribute("data-lists") !== "0") {
              out.appendChild(el("li", section.getAttribute("data-nothing"))).id = "rl-nothing";
            }
            found.forEach(function (p) {
              var li = el("li");
              var b = el("button", p.name);
              b.type = "button";
              b.className = "small secondary";
              var ev = p.event || {};
              li.appendChild(b);
              li.appendChild(el("span", " " + [p.title, p.federation, ev.rating, p.fide_id || p.national_id,
                p.source + " " + p.list_date].filter(function (x) { return x; }).join(" · ")));
              b.addEventListener("click", function () {
                setValue("p-name", p.name);
                setValue("p-rating", ev.rating);
                setValue("p-title", ev.title || "");
                setValue("p-fed", p.federation);
                setValue("p-fide", p.fide_id);
                setValue("p-sex", p.sex);
                var name = document.getElementById("p-name");
                if (name) name.focus();
              });
              out.appendChild(li);
            });
          })
          .catch(function () {});
      }, 250);
    });
  }

  function rerate(section) {
    var tid = section.getAttribute("data-tid");
    var button = document.getElementById("rerate-preview");
    var out = document.getElementById("rerate-out");
    var csrfInput = document.querySelector("input[name=csrf]");
    if (!button || !out || !csrfInput) return;
    function post(body) {
      return fetch("/api/v1/tournaments/" + tid + "/rerate", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfInput.value },
        body: JSON.stringify(body)
      }).then(function (r) {
        return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.status); return j; });
      });
    }
    function arrow(a, b) { return (a === null ? "—" : a) + " → " + (b === null ? "—" : b); }
    button.addEventListener("click", function () {
      out.textContent = "";
      post({ preview: true }).then(function (report) {
        if (!report.changes.length) { out.appendChild(el("p", section.getAttribute("data-none"))); return; }
        var table = el("table");
        table.id = "rerate-table";
        var head = el("tr");
        ["", "FIDE", "Elo", "", "", "K"].forEach(function (h) { head.appendChild(el("th", h)); });
        table.appendChild(el("thead")).appendChild(head);
        var body = table.appendChild(el("tbody"));
        report.changes.forEach(function (c) {
          var tr = el("tr");
          [c.name, c.fide_id, arrow(c.old_rating, c.new_rating), arrow(c.old_title, c.new_title),
            arrow(c.old_federation, c.new_federation), arrow(c.old_k, c.new_k)].forEach(function (v) {
            tr.appendChild(el("td", v));
          });
          body.appendChild(tr);
        });
        out.appendChild(table);
        var apply = el("button", section.getAttribute("data-apply"));
        apply.type = "button";
        apply.id = "rerate-apply";
        apply.addEventListener("click", function () {
          post({}).then(function () { location.reload(); })
            .catch(function (e) { out.appendChild(el("p", e.message)).className = "problem"; });
        });
        out.appendChild(el("p")).appendChild(apply);
      }).catch(function (e) { out.appendChild(el("p", e.message)).className = "problem"; });
    });
  }

  // The rating lists page (templates/rating_lists.html): the file is sent by
  // XMLHttpRequest so that a progress bar shows how much has gone; the
  // answer (the page again, or its problem) replaces the page. Without the
  // script the form posts as it is.
  function upload() {
    var form = document.getElementById("rl-upload");
    if (!form || !window.FormData || !window.XMLHttpRequest) return;
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var box = document.getElementById("rl-progress-box");
      var bar = document.getElementById("rl-progress");
      var percent = document.getElementById("rl-percent");
      var send = document.getElementById("rl-send");
      var xhr = new XMLHttpRequest();
      xhr.open("POST", form.action);
      xhr.upload.onprogress = function (p) {
        if (!p.lengthComputable) return;
        var v = Math.round(100 * p.loaded / p.total);
        bar.value = v;
        percent.textContent = v + " %";
      };
      xhr.onload = function () {
        if (xhr.responseURL && xhr.responseURL.indexOf("done=") >= 0) {
          location.href = xhr.responseURL;
          return;
        }
        document.open();
        document.write(xhr.responseText);
        document.close();
      };
      xhr.onerror = function () { send.disabled = false; box.hidden = true; };
      box.hidden = false;
      send.disabled = true;
      xhr.send(new FormData(form));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    upload();
    var section = document.getElementById("rating-list");
    if (!section) return;
    search(section);
    rerate(section);
  });
})();

// Event day (app/src/web/pages/entries.rs).
// 1. The hall screen: the live region's sets (boards, then names) are cut into
//    pages that fit the screen, shown in turn every data-every seconds; after
//    a live update the pages are cut again and the current page stays.
// 2. The check-in sheet: the search box filters the players by name; Enter
//    marks the first player shown present.
(function () {
  "use strict";

  function hall() {
    var body = document.body;
    if (!body.hasAttribute("data-hall")) return;
    var every = (parseInt(body.getAttribute("data-every"), 10) || 12) * 1000;
    var pages = [];
    var current = 0;

    function rowsOf(set) { return set.querySelectorAll("tbody tr"); }

    function cut() {
      pages = [];
      var pager = document.getElementById("hall-pager");
      var sets = document.querySelectorAll("#hall-live [data-hall-set]");
      for (var h = 0; h < sets.length; h++) sets[h].hidden = true;
      for (var s = 0; s < sets.length; s++) {
        var set = sets[s];
        set.hidden = false;
        var rows = rowsOf(set);
        for (var r = 0; r < rows.length; r++) rows[r].hidden = false;
        var top = set.getBoundingClientRect().top;
        var head = set.querySelector("thead");
        var headH = head ? head.getBoundingClientRect().height : 0;
        var rowH = rows.length ? rows[0].getBoundingClientRect().height : 1;
        var room = window.innerHeight - top - headH - (pager ? pager.getBoundingClientRect().height : 0) - 8;
        var per = Math.max(1, Math.floor(room / rowH));
        var count = Math.max(1, Math.ceil(rows.length / per));
        for (var k = 0; k < count; k++) {
          pages.push({ set: set, from: k * per, to: (k + 1) * per, index: k + 1, of: count });
        }
        set.hidden = true;
      }
      body.setAttribute("data-pages", String(pages.length));
    }

    function show(k) {
      var pager = document.getElementById("hall-pager");
      if (!pages.length) { if (pager) pager.textContent = ""; return; }
      current = k % pages.length;
      var p = pages[current];
      var sets = document.querySelectorAll("#hall-live [data-hall-set]");
      for (var s = 0; s < sets.length; s++) sets[s].hidden = sets[s] !== p.set;
      var rows = rowsOf(p.set);
      for (var r = 0; r < rows.length; r++) rows[r].hidden = r < p.from || r >= p.to;
      body.setAttribute("data-page", String(current + 1));
      if (pager) pager.textContent = p.set.getAttribute("data-label") + " · " + p.index + "/" + p.of;
    }

    cut();
    show(0);
    setInterval(function () { show(current + 1); }, every);
    document.addEventListener("arbiter:live", function () { var k = current; cut(); show(k); });
    window.addEventListener("resize", function () { var k = current; cut(); show(k); });
  }

  function checkin() {
    var box = document.getElementById("checkin-search");
    var table = document.getElementById("checkin-sheet");
    if (!box || !table) return;
    var rows = table.querySelectorAll("tbody tr[data-name]");
    var none = document.getElementById("checkin-none");
    function shown() {
      var out = [];
      for (var i = 0; i < rows.length; i++) if (!rows[i].hidden) out.push(rows[i]);
      return out;
    }
    function filter() {
      var q = window.arbiterFold(box.value);
      for (var i = 0; i < rows.length; i++) {
        rows[i].hidden = q !== "" && rows[i].getAttribute("data-name").indexOf(q) < 0;
        rows[i].classList.remove("chosen");
      }
      if (none) none.hidden = shown().length > 0;
    }
    box.addEventListener("input", filter);
    // Enter filters (never a submit that reloads the sheet); with exactly one
    // player left it picks them: the row is marked and its button has the
    // focus, so a second Enter marks them present.
    box.addEventListener("keydown", function (e) {
      if (e.key !== "Enter") return;
      e.preventDefault();
      filter();
      var list = shown();
      if (list.length !== 1) return;
      list[0].classList.add("chosen");
      var button = list[0].querySelector("button");
      if (button) button.focus();
    });
    if (box.value) filter();
  }

  // New tournament: the team event's fields show only for a team system.
  function teamFields() {
    var system = document.getElementById("system");
    var fields = document.getElementById("team-fields");
    if (!system || !fields) return;
    function sync() { fields.hidden = system.value.indexOf("team_") !== 0; }
    system.addEventListener("change", sync);
    sync();
  }

  document.addEventListener("DOMContentLoaded", function () {
    hall();
    checkin();
    teamFields();
  });
})();

/* A file input with data-fills="ID" puts the chosen text file into the
   textarea ID (the TRF import): the form still posts text, so the page works
   without a script too (paste into the textarea). */
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    var inputs = document.querySelectorAll("input[type=file][data-fills]");
    for (var i = 0; i < inputs.length; i++) {
      inputs[i].addEventListener("change", function (e) {
        var input = e.target;
        var target = document.getElementById(input.getAttribute("data-fills"));
        var file = input.files && input.files[0];
        if (!target || !file) return;
        var reader = new FileReader();
        reader.onload = function () { target.value = reader.result; };
        reader.readAsText(file);
      });
    }
  });
})();
