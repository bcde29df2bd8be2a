// Arbiter pages: progressive enhancement only. Every page works without it.
// 1. Live pages: a server-sent event says "changed"; the page fetches itself
//    again and swaps its live regions ([data-live] with an id) in place.
// 2. Result entry: board number + Enter, then 1 = 0 + - saves that board
//    through the JSON API and moves on to the next board without a result.
(function () {
  "use strict";

  function live() {
    var url = document.body.getAttribute("data-live");
    if (!url || !window.EventSource || !window.DOMParser) return;
    var timer = null;
    var source = new EventSource(url);
    source.addEventListener("update", function () {
      if (timer) return;
      timer = setTimeout(function () {
        timer = null;
        refresh();
      }, 400);
    });
  }

  function refresh() {
    fetch(location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
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
      })
      .catch(function () {});
  }

  var KEYS = { "1": "1-0", "=": "½-½", "0": "0-1", "+": "+/-", "-": "-/+" };

  function entry() {
    var table = document.querySelector("table.entry");
    if (!table) return;
    var form = table.closest("form");
    var csrf = form.querySelector("input[name=csrf]").value;
    var tid = table.getAttribute("data-tid");
    var inputs = Array.prototype.slice.call(table.querySelectorAll("input.result"));

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
    function save(input, result) {
      var tr = row(input);
      var reasonBox = tr.querySelector("input.reason");
      var body = {
        result: result,
        version: parseInt(input.getAttribute("data-version"), 10),
        reason: reasonBox ? reasonBox.value : ""
      };
      input.value = result;
      fetch("/api/v1/tournaments/" + tid + "/games/" + input.getAttribute("data-game") + "/result", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: JSON.stringify(body)
      }).then(function (r) {
        return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; });
      }).then(function (a) {
        if (a.ok) {
          input.value = a.body.result;
          input.defaultValue = a.body.result;
          input.setAttribute("data-version", a.body.version);
          input.setAttribute("data-done", a.body.kind === "pending" ? "0" : "1");
          if (reasonBox) { reasonBox.value = ""; }
          say(input, table.getAttribute("data-saved") + ": " + a.body.result, true);
        } else {
          input.setAttribute("data-done", "0");
          say(input, a.body.error || ("HTTP " + a.status), false);
          if (a.body.current && a.body.current.version) input.setAttribute("data-version", a.body.current.version);
          if (a.body.field === "reason" && reasonBox) reasonBox.focus();
        }
      }).catch(function () { input.setAttribute("data-done", "0"); say(input, "network error", false); });
    }

    inputs.forEach(function (input) {
      input.addEventListener("keydown", function (e) {
        if (e.ctrlKey || e.altKey || e.metaKey) return;
        var whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
        if (KEYS[e.key] && (input.value === "" || whole)) {
          e.preventDefault();
          // Move on at once (typing runs ahead of the network); a failed save
          // marks its row and puts the board back among those to enter.
          input.setAttribute("data-done", "1");
          var n = next(input);
          save(input, KEYS[e.key]);
          if (n) n.focus();
        } else if (e.key === "Enter") {
          e.preventDefault();
          if (input.value.trim() !== "") save(input, input.value.trim());
        }
      });
      input.addEventListener("focus", function () { input.select(); });
    });
    Array.prototype.forEach.call(table.querySelectorAll("input.reason"), function (box) {
      box.addEventListener("keydown", function (e) {
        if (e.key === "Enter") {
          e.preventDefault();
          var input = row(box).querySelector("input.result");
          if (input.value.trim() !== "") save(input, input.value.trim());
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
  }

  document.addEventListener("DOMContentLoaded", function () {
    live();
    entry();
  });
})();
