/* Table Companion on the phone: connection status, polling fallback, offline queue, service worker.
   No inline scripts or eval (strict CSP). Entries keep their idempotency key (made here), so a resend never doubles. */
(function () {
  "use strict";

  /* Morphing swaps keep a half-typed value only in the box being typed in; a tapped button or a
     select takes the new board entirely (its form may now be a different move). */
  function typingIn(element) {
    return !!element && (element.tagName === "TEXTAREA" ||
      (element.tagName === "INPUT" && /^(text|number|search|tel|)$/.test(element.type || "")));
  }
  /* Before a swap: the entry of the board coming in (its data-seq, read from the answer), and each
     box or chip the player changed, with its form's signature as it was (the morph may turn an old
     form into another one: another seat's, when one before it goes). */
  var incomingSeq = 0;
  var changedBefore = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (window.Idiomorph) window.Idiomorph.defaults.ignoreActiveValue = typingIn(document.activeElement);
    var found = /id="board"[^>]*data-seq="(\d+)"|data-seq="(\d+)"[^>]*id="board"/.exec(event.detail.serverResponse || "");
    incomingSeq = found ? parseInt(found[1] || found[2], 10) : 0;
    changedBefore = new Map();
    document.querySelectorAll("#board input, #board textarea").forEach(function (node) {
      if (changedByPlayer(node)) changedBefore.set(node, signatureOf(node.form));
    });
  });
  /* A box the player typed in or a chip they picked, in a form not sent yet, keeps its value when
     another phone's entry changes the board (a half-entered hand, a card's chips), as long as the
     new board has the same form there; only the board that shows the entry of its own form sets
     it back. A select takes the new board (its form may now be a different move). */
  function changedByPlayer(node) {
    if (node.tagName === "TEXTAREA") return node.value !== node.defaultValue;
    if (node.tagName !== "INPUT" || !node.form) return false;
    if (node.type === "radio" || node.type === "checkbox") return node.checked !== node.defaultChecked;
    return typingIn(node) && node.value !== node.defaultValue;
  }
  /* A section the player opened (more crew moves, a form folded away) stays open when the board
     changes under it: the morph may open a section, never close one the player opened. */
  if (window.Idiomorph) {
    window.Idiomorph.defaults.callbacks.beforeAttributeUpdated = function (name, element, mutation) {
      return !(name === "open" && mutation === "remove" && element.tagName === "DETAILS");
    };
    window.Idiomorph.defaults.callbacks.beforeNodeMorphed = function (oldNode, newNode) {
      if (!changedBefore || !changedBefore.has(oldNode)) return true;
      var signature = changedBefore.get(oldNode);
      var newForm = newNode && newNode.closest ? newNode.closest("form") : null;
      if (newNode.name !== oldNode.name || newNode.type !== oldNode.type || signatureOf(newForm) !== signature) {
        return true; /* another form comes here: what was typed was not for it */
      }
      var entry = sending[signature];
      return !!(entry && entry.stored && incomingSeq > entry.seq);
    };
  }

  /* The forms whose entry is on its way or stored but not yet on the board, by signature (where
     they post and their hidden fields but the key, the token and the step a guard shows: the same
     form on the board before and after): the board entry they were sent at, when, and whether the
     server stored it. */
  var sending = {};
  function seatOf(form) {
    var seat = form && form.querySelector("input[type=hidden][name=seat]");
    return seat ? seat.value : "";
  }
  function signatureOf(form) {
    if (!form) return "";
    var parts = [form.getAttribute("action") || ""];
    form.querySelectorAll("input[type=hidden]").forEach(function (input) {
      if (input.name !== "key" && input.name !== "csrf_token" && !input.hasAttribute("data-step")) {
        parts.push(input.name + "=" + input.value);
      }
    });
    return parts.join("\u0001");
  }

  var banner = document.getElementById("connection");
  var live = document.getElementById("live");
  var pendingBox = document.getElementById("pending");
  var QUEUE_KEY = "companion.pending." + location.pathname;
  var sseOpen = false;
  var pollTimer = null;
  var flushing = false;
  var SEND_TIMEOUT = 15000; /* the same as htmx's timeout in base.html */

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  function showConnection() {
    if (!banner) return;
    var state = !navigator.onLine ? "offline" : live && !sseOpen ? "reconnecting" : "";
    banner.hidden = !state;
    banner.className = "connection " + state;
    banner.textContent = state ? banner.getAttribute("data-" + state) : "";
  }

  function board() { return document.getElementById("board"); }

  /* One board refresh at a time, always of the board now on the page; news arriving meanwhile
     asks for one more. A 204 (nothing new) leaves the board as it is. */
  var refreshing = false;
  var refreshAgain = false;
  function refresh() {
    var element = board();
    if (!element || !window.htmx) return;
    if (refreshing) { refreshAgain = true; return; }
    refreshing = true;
    var settled = false;
    var done = function () {
      if (settled) return;
      settled = true;
      clearTimeout(watchdog);
      refreshing = false;
      if (refreshAgain) { refreshAgain = false; refresh(); } else { catchUp(); }
    };
    /* htmx never settles the promise of an answer whose swap threw: without this, one such
       answer would stop every later refresh of this phone (news would reach it no more). */
    var watchdog = setTimeout(done, SEND_TIMEOUT + 2000);
    /* A morphing swap: the cards change under a box being typed in, whose focus, caret and
       half-typed value stay (idiomorph keeps the focused field's value). */
    try {
      window.htmx.ajax("GET", element.getAttribute("data-refresh"), { source: element, target: element, swap: "morph" })
        .then(done, done);
    } catch (error) { done(); }
  }

  /* The stream says which entry the table is at; a board that is still behind it once its
     refresh is over (the answer failed, timed out, or was older) is fetched again a little later,
     so that no entry is missed while the stream stays open and nothing else would ask. */
  var announcedSeq = 0;
  var catchUpTimer = null;
  var catchUpTries = 0;
  function boardSeq() {
    var element = board();
    return element ? parseInt(element.getAttribute("data-seq") || "0", 10) : 0;
  }
  function catchUp() {
    if (announcedSeq <= boardSeq()) { catchUpTries = 0; return; }
    if (catchUpTimer || catchUpTries >= 20) return;
    catchUpTries += 1;
    catchUpTimer = setTimeout(function () { catchUpTimer = null; refresh(); }, Math.min(500 * catchUpTries, 3000));
  }

  function startPolling() { if (!pollTimer) pollTimer = setInterval(refresh, 3000); }
  function stopPolling() { clearInterval(pollTimer); pollTimer = null; }

  document.body.addEventListener("htmx:sseOpen", function () {
    sseOpen = true;
    stopPolling();
    showConnection();
    flush();
  });
  /* The stream is heard on the wrapper, which is never swapped, so no news is lost mid-swap;
     the board then fetches itself (queued behind a request already in flight). */
  document.body.addEventListener("htmx:sseMessage", function (event) {
    if (event.target !== live) return;
    var seq = parseInt(event.detail && event.detail.data, 10);
    if (seq > announcedSeq) announcedSeq = seq;
    refresh();
  });
  document.body.addEventListener("htmx:sseError", function () {
    sseOpen = false;
    startPolling();
    showConnection();
  });
  if (live) {
    setTimeout(function () { if (!sseOpen) { startPolling(); showConnection(); } }, 3000);
  }

  /* No layout jump: when the board is replaced, the first titled part in view stays where it was,
     even if something new appeared above it (a scoring round, a mission taken). */
  var anchor = null;
  function findAnchor() {
    var titled = document.querySelectorAll("#board [id]");
    for (var i = 0; i < titled.length; i++) {
      var top = titled[i].getBoundingClientRect().top;
      if (top >= 0 && top < window.innerHeight) return { id: titled[i].id, top: top };
    }
    return null;
  }
  function keepAnchor() {
    if (!anchor) return;
    var element = document.getElementById(anchor.id);
    if (element) window.scrollBy(0, element.getBoundingClientRect().top - anchor.top);
    anchor = null;
  }
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "board" && window.scrollY > 0) anchor = findAnchor();
  });
  document.body.addEventListener("htmx:afterSwap", keepAnchor);
  document.body.addEventListener("htmx:afterSettle", keepAnchor);

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    if (!config) return;
    /* Offline, or entries still waiting: this one waits behind them, so they are stored in the
       order they were tapped. */
    if (config.verb === "post" && isEntry(config) && (!navigator.onLine || loadQueue().length)) {
      event.preventDefault();
      enqueue(config, event.detail.elt);
      if (navigator.onLine) tell("kept", "queued"); /* offline, the banner says it already */
      flush();
    } else if (config.verb === "post" && isEntry(config) && event.detail.xhr) {
      watchEntry(event.detail.xhr, config, event.detail.elt);
    }
  });

  document.body.addEventListener("htmx:sendError", showConnection);

  /* An entry whose answer is a 5xx or a 429, or does not come (no network, htmx's timeout), is
     kept on the phone with its idempotency key and sent again until it is stored (a resend of an
     entry the server did store gets the first answer: never stored twice). The request itself is
     watched, not htmx's events: those are fired on the form, which a board refresh may already
     have replaced, and then reach nobody. */
  function watchEntry(xhr, config, element) {
    var form = element && element.closest ? element.closest("form") : null;
    var signature = form && !form.hasAttribute("data-every-tap") ? signatureOf(form) : "";
    var entry = { seq: boardSeq(), at: Date.now(), stored: false, seat: seatOf(form),
                  advances: !!(form && form.querySelector("input[data-advances]")) };
    if (signature) sending[signature] = entry;
    var done = function () { if (sending[signature] === entry) delete sending[signature]; };
    var keep = function (why) {
      done();
      enqueue(config, element);
      if (why) tell("kept", why);
      showConnection();
    };
    xhr.addEventListener("load", function () {
      if (xhr.status >= 500) keep("server");
      else if (xhr.status === 429) keep("busy");
      else if (xhr.status >= 200 && xhr.status < 300) { entry.stored = true; stored(); }
      else done(); /* refused: the player corrects the form and sends it again */
    });
    xhr.addEventListener("timeout", function () { keep("timeout"); });
    xhr.addEventListener("error", function () { keep(navigator.onLine ? "timeout" : ""); });
  }

  /* Stored (the server answers 204): the phone's earlier messages go and the board is fetched,
     as every phone at the table fetches it on the stream's news. */
  function stored() {
    var messages = document.getElementById("messages");
    if (messages) messages.textContent = "";
    refresh();
  }

  /* Each tap is an entry of its own, with an idempotency key made here, fresh for every request
     htmx sends (the board is the same for every phone with this view: it holds no key, and a
     page's forms may hold the key of a page sent before). A resend of the same tap (the waiting
     list below) sends the body it kept, key included, so it is stored once. */
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16); /* crypto.randomUUID needs https; getRandomValues does not */
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }
  document.body.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb === "post" && isEntry(detail) && detail.formData) detail.formData.set("key", newKey());
  });

  /* A board's form that htmx does not send (ending the table loads a page) gets this phone's
     CSRF token and, for an entry, a fresh key as it is sent: a board fetched by htmx holds neither. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.method !== "post" || form.hasAttribute("hx-post")) return;
    var fields = [["csrf_token", csrfToken()]];
    if (/\/events$/.test(form.getAttribute("action") || "")) fields.push(["key", newKey()]);
    fields.forEach(function (field) {
      if (form.querySelector("input[name='" + field[0] + "']")) return; /* a page's own form has them */
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = field[0];
      input.value = field[1];
      form.appendChild(input);
    });
  }, true);

  /* Anything else that fails (not an entry, not a board refresh) says so; nothing is resent. */
  function answerFailed(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb === "get" || isEntry(config)) return;
    var xhr = event.detail.xhr;
    tell("failed", event.type === "htmx:timeout" ? "timeout" : xhr && xhr.status === 429 ? "busy" : "server");
  }
  document.body.addEventListener("htmx:responseError", answerFailed);
  document.body.addEventListener("htmx:timeout", answerFailed);

  /* A translated sentence (from data attributes on the connection banner) in the message area. */
  function tell(what, why) {
    var messages = document.getElementById("messages");
    var text = banner && banner.getAttribute("data-" + what + "-" + why);
    if (!messages || !text) return;
    var line = document.createElement("p");
    line.className = "error";
    line.setAttribute("role", "alert");
    line.setAttribute("data-kept", what === "kept" ? "true" : "false");
    line.textContent = text;
    messages.textContent = "";
    messages.appendChild(line);
  }
  function clearKept() {
    var kept = document.querySelector("#messages [data-kept='true']");
    if (kept) kept.parentNode.removeChild(kept);
  }

  function isEntry(config) { return /\/events$/.test(config.path); }

  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY)) || []; } catch (error) { return []; }
  }

  function saveQueue(queue) {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
    renderQueue(queue);
  }

  function labelOf(element, data) {
    var button = element && element.querySelector ? element.querySelector("button[aria-label]") : null;
    if (data.get("delta") && element) {
      var step = element.querySelector("button[value='" + data.get("delta") + "']");
      if (step) return step.getAttribute("aria-label");
    }
    if (button) return button.getAttribute("aria-label");
    var submit = element && element.querySelector ? element.querySelector("button") : null;
    return (submit ? submit.textContent.trim() : data.get("kind")) || "…";
  }

  function enqueue(config, element) {
    var data = config.formData;
    var queue = loadQueue();
    var key = data.get("key");
    if (queue.some(function (item) { return item.key === key; })) return; /* already waiting */
    queue.push({ path: config.path, body: new URLSearchParams(data).toString(), key: key, label: labelOf(element, data) });
    saveQueue(queue);
    markQueued(element);
  }

  /* The tapped control itself says its entry is waiting to be sent (until the board is fetched
     again once the entry is stored). */
  function markQueued(element) {
    var form = element && element.closest ? element.closest("form") : null;
    if (!form) return;
    form.classList.add("queued");
    form.querySelectorAll("button").forEach(function (button) { button.setAttribute("aria-describedby", "pending"); });
  }

  /* Times are written in UTC (macros/ui.html, utc_time); each phone shows them in its own time
     zone, in the page's language: data-utc="date" with the date, else the time of day. */
  var TIME_STYLES = {
    date: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" },
    time: { hour: "2-digit", minute: "2-digit", second: "2-digit" }
  };
  function localTimes(root) {
    var language = document.documentElement.lang || undefined;
    (root || document).querySelectorAll("time[data-utc]").forEach(function (element) {
      var when = new Date(element.getAttribute("datetime"));
      var style = TIME_STYLES[element.getAttribute("data-utc")] || TIME_STYLES.time;
      if (!isNaN(when.getTime())) element.textContent = when.toLocaleString(language, style);
    });
  }
  localTimes();

  /* The phone's time zone goes with the new-table form, the import and the join (a hidden field):
     the table keeps its players' zone for its exports and the times on its pages. */
  function sendTimeZone(root) {
    var name = "";
    try { name = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) { return; }
    (root || document).querySelectorAll("input[data-time-zone]").forEach(function (input) {
      if (!input.value) input.value = name;
    });
  }
  sendTimeZone();

  /* The offline page (served by the service worker when a page could not be loaded) tries the
     page again by itself: after a server outage the phone comes back without a tap. */
  if (document.getElementById("retry-page") && location.pathname !== "/offline") {
    setInterval(function () {
      fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
        .then(function (response) { if (response.ok) location.reload(); })
        .catch(function () {});
    }, 5000);
  }
  document.body.addEventListener("htmx:afterSettle", function (event) { localTimes(event.target); });

  /* One tap, one intent. A control is held (it takes no tap) for a moment in three cases only, and a
     tap on a held control is never lost in silence: a note says why, right at the control.
     1. A button that moves the whole table on (a flip, an end of round or turn) whose step has just
        changed on this phone's board (another phone's tap): the tap was meant for the board before.
        The server refuses such a tap as long (ADVANCE_HOLD_SECONDS), counted from when it was stored.
        A step this phone's own entry changed, for the seat both name, by a move that does not itself
        move the table on (an Andromeda action, then End the turn), holds nothing, here or on the
        server: this phone made the board it taps. An entry naming no seat (Space Base's start) holds.
     2. A control (a button, a link, an overlay's button) that has just appeared under the finger
        that tapped: the second tap of a double tap, meant for the control that was there, is not
        taken by the one that replaced it (a zone button moving up under "character is done").
     3. A form's button while the form's entry is on its way, until the board shows it: the second
        tap of a double tap would send the same fields again, as an entry of its own (a hand's sets
        scored twice, one crew moved twice).
     Everything else takes a tap at once: a button that appears elsewhere on the screen (another
     player's dice choice) counts however soon it is tapped, and a counter's button (a form marked
     data-every-tap: a tally's +, a box's step, a crew landed) counts every tap. */
  var HOLD_MS = 1000;
  var CONTROLS = "button, a[href], summary, [role=button], label, input[type=checkbox], input[type=radio]";
  var stepsShown = null; /* move kind -> the step its button showed; null until the first look */
  var ownStep = null; /* the board this phone's own entry made (nothing else since), and its seat */
  var heldSteps = {};
  var lastTap = null; /* where and when the finger last tapped a control, and which control */

  function controlOf(element) {
    var parts = [element.tagName, element.getAttribute("name") || "", element.getAttribute("value") || "",
      element.getAttribute("href") || "", element.textContent.replace(/\s+/g, " ").trim()];
    var form = element.form || (element.closest && element.closest("form"));
    if (form) {
      parts.push(form.getAttribute("action") || "");
      form.querySelectorAll("input[type=hidden]").forEach(function (input) {
        if (input.name !== "key" && input.name !== "csrf_token") parts.push(input.name + "=" + input.value);
      });
    }
    return parts.join("\u0001");
  }

  /* Held, a control is aria-disabled (screen readers say so; it still hears the tap, to answer it). */
  function hold(control, until, note) {
    control.setAttribute("data-held-until", String(until));
    control.setAttribute("data-held-note", note);
    control.setAttribute("aria-disabled", "true");
    control.classList.add("held-control");
    setTimeout(function () {
      if (Number(control.getAttribute("data-held-until") || 0) > Date.now()) return;
      release(control);
    }, until - Date.now() + 10);
  }

  function release(control) {
    control.removeAttribute("data-held-until");
    control.removeAttribute("aria-disabled");
    control.classList.remove("held-control");
    var place = control.closest("form") || control.parentNode;
    var shown = place && place.querySelector(".held-note");
    if (shown) shown.parentNode.removeChild(shown);
    if (place) place.classList.remove("held");
  }

  function isHeld(control) { return Number(control.getAttribute("data-held-until") || 0) > Date.now(); }

  /* A tap on a held control: refused here, and said where the finger is, at once. */
  function sayHeld(control) {
    var place = control.closest("form") || control.parentNode;
    if (!place) return;
    var note = place.querySelector(".held-note");
    if (!note) {
      note = document.createElement("span");
      note.className = "held-note";
      note.setAttribute("role", "status");
      place.classList.add("held");
      place.appendChild(note);
    }
    note.textContent = control.getAttribute("data-held-note");
    setTimeout(function () {
      if (note.parentNode) note.parentNode.removeChild(note);
      place.classList.remove("held");
    }, Math.max(Number(control.getAttribute("data-held-until")) - Date.now(), 0) + 1200);
  }

  function holdAdvancing() {
    var now = Date.now();
    var firstLook = stepsShown === null;
    var shown = {};
    document.querySelectorAll("input[data-advances]").forEach(function (kind) {
      var form = kind.form;
      if (!form) return;
      var step = form.querySelector("input[data-step]");
      var value = step ? step.value : "";
      var own = ownStep && ownStep.seat && ownStep.seq === boardSeq() && ownStep.seat === seatOf(form);
      if (!firstLook && stepsShown[kind.value] !== value && !own) heldSteps[kind.value] = now + HOLD_MS;
      shown[kind.value] = value;
      if ((heldSteps[kind.value] || 0) > now) {
        form.querySelectorAll("button").forEach(function (button) {
          if (!isHeld(button)) hold(button, heldSteps[kind.value], kind.getAttribute("data-advances"));
        });
      }
    });
    stepsShown = shown;
  }

  function holdUnderTheFinger() {
    if (!lastTap || Date.now() - lastTap.at > HOLD_MS) return;
    var under = document.elementFromPoint(lastTap.x, lastTap.y);
    var control = under && under.closest ? under.closest(CONTROLS) : null;
    if (!control || control.disabled || isHeld(control) || controlOf(control) === lastTap.control) return;
    var note = banner ? banner.getAttribute("data-held-new") : "";
    hold(control, Date.now() + HOLD_MS, note || "");
  }

  /* The tap before this one, and when the board (or an overlay) last changed: a tap that lands where
     the one before it did, on another control that appeared there since, is the second tap of a
     double tap, however soon after the change it comes (before the change has settled, too). */
  var tapBefore = null;
  var changedAt = 0;
  function replacedUnderTheFinger(control, event) {
    if (!tapBefore || changedAt < tapBefore.at || Date.now() - tapBefore.at > HOLD_MS) return false;
    var near = Math.abs(event.clientX - tapBefore.x) < 24 && Math.abs(event.clientY - tapBefore.y) < 24;
    return near && controlOf(control) !== tapBefore.control;
  }

  document.addEventListener("pointerdown", function (event) {
    var control = event.target && event.target.closest ? event.target.closest(CONTROLS) : null;
    tapBefore = lastTap;
    lastTap = control ? { x: event.clientX, y: event.clientY, at: Date.now(), control: controlOf(control) } : null;
  }, true);
  document.addEventListener("click", function (event) {
    var control = event.target && event.target.closest ? event.target.closest(CONTROLS) : null;
    if (!control) return;
    if (!isHeld(control) && replacedUnderTheFinger(control, event)) {
      hold(control, tapBefore.at + HOLD_MS, (banner && banner.getAttribute("data-held-new")) || "");
    }
    if (!isHeld(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    sayHeld(control);
  }, true);

  /* 3. A form whose entry is on its way: its send is refused here, and said at the button tapped. */
  function entryOnItsWay(form) {
    var entry = sending[signatureOf(form)];
    return entry && Date.now() - entry.at < SEND_TIMEOUT + 2000 ? entry : null;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.hasAttribute("hx-post") || form.hasAttribute("data-every-tap")) return;
    var entry = entryOnItsWay(form);
    if (!entry) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var button = event.submitter || form.querySelector("button");
    if (!button) return;
    hold(button, entry.at + SEND_TIMEOUT + 2000, (banner && banner.getAttribute("data-held-sending")) || "");
    sayHeld(button);
  }, true);
  /* A form the board has just brought, tapped before htmx has taken it over (between the swap and
     its settling), would be sent by the browser itself, without this phone's token and key, and
     the phone would leave the board for an error page. Its tap is held instead, as a control that
     came up under the finger: the note says so, and a tap a moment later is sent as usual. htmx,
     once it holds a form, prevents the browser's own send before this listener hears it. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !window.htmx || !form || !form.hasAttribute("hx-post")) return;
    event.preventDefault();
    var button = event.submitter || form.querySelector("button");
    if (!button) return;
    hold(button, Date.now() + HOLD_MS, (banner && banner.getAttribute("data-held-new")) || "");
    sayHeld(button);
  });

  /* The board shows the entry: its form takes taps again. */
  function boardShowsEntries() {
    Object.keys(sending).forEach(function (signature) {
      var entry = sending[signature];
      if ((entry.stored && boardSeq() > entry.seq) || Date.now() - entry.at >= SEND_TIMEOUT + 2000) {
        if (entry.stored && !entry.advances && boardSeq() === entry.seq + 1) ownStep = { seq: boardSeq(), seat: entry.seat };
        delete sending[signature];
        document.querySelectorAll("#board form[hx-post] button[data-held-until]").forEach(function (button) {
          if (signatureOf(button.form) === signature) release(button);
        });
      }
    });
  }

  holdAdvancing();
  document.body.addEventListener("htmx:afterSettle", boardShowsEntries);
  document.body.addEventListener("htmx:afterSwap", function () { changedAt = Date.now(); holdUnderTheFinger(); });
  document.body.addEventListener("htmx:afterSettle", function () { holdAdvancing(); holdUnderTheFinger(); });

  function renderQueue(queue) {
    if (!pendingBox) return;
    var list = pendingBox.querySelector("ol");
    list.textContent = "";
    queue.forEach(function (item) {
      var entry = document.createElement("li");
      entry.textContent = item.label;
      list.appendChild(entry);
    });
    pendingBox.hidden = queue.length === 0;
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  function flush() {
    if (flushing || !navigator.onLine) return;
    var queue = loadQueue();
    if (!queue.length) return;
    flushing = true;
    var item = queue[0];
    var abort = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (abort) abort.abort(); }, SEND_TIMEOUT);
    fetch(item.path, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrfToken(), "HX-Request": "true" }
    }).then(function (response) {
      clearTimeout(timer);
      flushing = false;
      flushDelay = 500;
      /* Not stored yet (the server failed or is busy): keep it, try again on the next round. */
      if (response.status >= 500 || response.status === 429) return;
      saveQueue(loadQueue().filter(function (other) { return other.key !== item.key; }));
      if (!loadQueue().length) clearKept();
      if (response.status >= 400) {
        response.text().then(function (text) {
          var messages = document.getElementById("messages");
          if (messages) messages.innerHTML = text;
        });
      }
      refresh();
      flush();
    }).catch(function () { clearTimeout(timer); flushing = false; flushSoon(); });
  }

  /* The host's "for another player" switch (and, without a seat, whose controls) is remembered
     per phone and table; the CSS shows or hides the controls by itself. */
  function rememberSwitch() {
    var toggle = document.getElementById("for-others");
    if (!toggle) return;
    var key = "companion.forOthers." + toggle.getAttribute("data-remember");
    var kept = {};
    try { kept = JSON.parse(localStorage.getItem(key) || "{}") || {}; } catch (e) { kept = {}; }
    toggle.checked = kept.on === true;
    var picked = kept.seat && document.getElementById("act-as-" + kept.seat);
    if (picked) picked.checked = true;
    function keep() {
      var seat = document.querySelector("input[name=act-as]:checked");
      try { localStorage.setItem(key, JSON.stringify({ on: toggle.checked, seat: seat ? seat.value : null })); } catch (e) {}
    }
    toggle.addEventListener("change", keep);
    document.querySelectorAll("input[name=act-as]").forEach(function (radio) { radio.addEventListener("change", keep); });
  }
  rememberSwitch();
  /* A send that failed while the phone says it is online (the connection is coming back, the
     server is restarting) is tried again soon, then less often: not only on the next round. */
  var flushDelay = 500;
  var flushTimer = null;
  function flushSoon() {
    if (flushTimer || !navigator.onLine || !loadQueue().length) return;
    flushTimer = setTimeout(function () { flushTimer = null; flush(); }, flushDelay);
    flushDelay = Math.min(flushDelay * 2, 4000);
  }

  /* News where the player is looking. The server says what is news (companion/web/notices.py) and
     sends it with the board; here it floats in the tray over the page, whatever the scroll
     position, for a few seconds (a tap dismisses it sooner), and the phone vibrates where it can.
     Refused taps and failures in the message area float there too, brief, without moving the
     page; the message area stays in the page where JavaScript does not run. */
  var NEWS_MS = 5000;
  var MESSAGE_MS = 8000;
  var VIBRATION = { end: [200, 100, 200, 100, 400], scoring: [150, 80, 150], turn: [250], undo: [80, 60, 80] };
  var newsUpto = 0;

  function setUpTray() {
    var tray = document.getElementById("tray");
    var messages = document.getElementById("messages");
    var notices = document.getElementById("notices");
    if (!tray || !notices) return;
    document.documentElement.classList.add("with-tray");
    if (messages) tray.appendChild(messages);
    watchTray(notices, showNews, true);
    if (messages) {
      watchTray(messages, showMessage);
      Array.prototype.forEach.call(messages.children, showMessage);
    }
  }

  /* htmx's out-of-band swap adds the notices inside their wrapper element: they are taken out of it
     (their arrival is then seen again, one notice at a time), so every notice is read as itself. */
  function watchTray(box, show, wrapped) {
    if (!window.MutationObserver) return;
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        Array.prototype.forEach.call(change.addedNodes, function (node) {
          if (node.nodeType !== 1) return;
          if (!wrapped || node.hasAttribute("data-kind")) { show(node); return; }
          while (node.firstChild) box.insertBefore(node.firstChild, node);
          box.removeChild(node);
        });
      });
    }).observe(box, { childList: true });
  }

  /* A batch of news covers the entries up to data-upto: news older than what this phone has shown,
     or shown already (the same step fetched twice), is not shown again. */
  var newsShown = {};
  function showNews(notice) {
    var upto = parseInt(notice.getAttribute("data-upto") || "0", 10);
    var id = upto + "|" + notice.getAttribute("data-kind") + "|" + notice.textContent;
    if (upto < newsUpto || newsShown[id]) { notice.parentNode.removeChild(notice); return; }
    newsUpto = upto;
    newsShown[id] = true;
    var pattern = VIBRATION[notice.getAttribute("data-kind")];
    if (pattern && navigator.vibrate) { try { navigator.vibrate(pattern); } catch (error) { /* not allowed yet */ } }
    dismissLater(notice, NEWS_MS);
  }

  /* Entries kept on the phone stay until they are stored (their line says so); the rest go. */
  function showMessage(line) {
    if (line.getAttribute("data-kept") === "true") return;
    dismissLater(line, MESSAGE_MS);
  }

  function dismissLater(element, after) {
    if (element.getAttribute("data-dismiss-at")) return;
    element.setAttribute("data-dismiss-at", String(Date.now() + after));
    var gone = function () { if (element.parentNode) element.parentNode.removeChild(element); };
    element.addEventListener("click", gone);
    setTimeout(gone, after);
  }

  /* The end of the game: the reveal comes with the news to every phone; it closes on a tap. */
  function setUpReveal() {
    var slot = document.getElementById("reveal-slot");
    if (!slot || !window.MutationObserver) return;
    var open = function () {
      var reveal = slot.querySelector("#reveal");
      if (!reveal) return;
      document.documentElement.classList.add("revealing");
      reveal.focus({ preventScroll: true });
      changedAt = Date.now();
      holdUnderTheFinger(); /* its buttons may land under the finger that tapped the last step */
    };
    new MutationObserver(open).observe(slot, { childList: true });
    open(); /* the phone that ended the table loads its page with the reveal in it */
    var close = function () {
      slot.textContent = "";
      document.documentElement.classList.remove("revealing");
    };
    /* An undo of the step that ended the game: the board plays again, the reveal goes on every phone. */
    document.body.addEventListener("htmx:afterSettle", function () {
      var element = board();
      if (element && element.getAttribute("data-over") === "false" && slot.querySelector("#reveal")) close();
    });
    slot.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("[data-close-reveal]")) close();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && slot.querySelector("#reveal")) close();
    });
  }

  /* The screen stays on while a table is open (a long turn), where the phone allows it: a page
     served over HTTPS or from this computer. The choice is kept on the phone. On plain HTTP the
     host is told once how to get it. */
  var WAKE_KEY = "companion.wake";
  var WAKE_NOTE_KEY = "companion.wake-note";
  var wakeLock = null;
  function setUpWakeLock() {
    var control = document.getElementById("wake-control");
    var toggle = document.getElementById("wake");
    if (!control || !toggle) return;
    if (!(window.isSecureContext && navigator.wakeLock)) { showWakeNote(); return; }
    control.hidden = false;
    toggle.checked = localStorage.getItem(WAKE_KEY) !== "off";
    toggle.addEventListener("change", function () {
      localStorage.setItem(WAKE_KEY, toggle.checked ? "on" : "off");
      keepAwake(toggle.checked);
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") keepAwake(toggle.checked);
    });
    keepAwake(toggle.checked);
  }

  function keepAwake(wanted) {
    if (!wanted) {
      if (wakeLock) wakeLock.release().catch(function () {});
      wakeLock = null;
      return;
    }
    if (wakeLock && !wakeLock.released) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.setAttribute("data-wake", "on");
      lock.addEventListener("release", function () { document.documentElement.removeAttribute("data-wake"); });
    }).catch(function () { /* refused (a hidden page, low battery): asked again when it is shown */ });
  }

  function showWakeNote() {
    var note = document.getElementById("wake-http");
    var dismiss = document.getElementById("wake-http-dismiss");
    if (!note || localStorage.getItem(WAKE_NOTE_KEY) === "dismissed") return;
    note.hidden = false;
    if (dismiss) {
      dismiss.addEventListener("click", function () {
        localStorage.setItem(WAKE_NOTE_KEY, "dismissed");
        note.hidden = true;
      });
    }
  }

  /* The host's invite box closes by itself once every seat is taken (the host's controls come up);
     tapped open again, it stays open until a seat is freed and taken again. */
  var allSeated = null;
  function closeInviteWhenFull() {
    var seats = document.getElementById("seats");
    var invite = document.getElementById("invite");
    if (!seats || !invite) return;
    var full = seats.getAttribute("data-all-seated") === "true";
    if (full && allSeated === false) invite.open = false;
    allSeated = full;
  }
  closeInviteWhenFull();
  document.body.addEventListener("htmx:afterSettle", closeInviteWhenFull);

  setUpTray();
  setUpReveal();
  setUpWakeLock();

  window.addEventListener("online", function () { showConnection(); flush(); refresh(); });
  window.addEventListener("offline", showConnection);
  setInterval(flush, 5000);
  renderQueue(loadQueue());
  showConnection();
  flush();
})();
