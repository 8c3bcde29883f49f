/// The trivia page's script, served as `/static/trivia.js`: opens the playground's relay socket, draws
/// each view the relay sends (question, countdown, result, joker offer, viewer mode, final standings)
/// with `textContent` only, and sends the player's choices back. The browser holds no credentials.
enum TriviaScript {
    static let javascript = #"""
    "use strict";
    document.addEventListener("DOMContentLoaded", () => {
      const $ = (id) => document.getElementById(id);
      const form = $("join-form");
      if (!form) { return; }
      let socket = null, finished = false, timer = null, deadline = 0, shownQuestion = "";

      const show = (id, visible) => { $(id).hidden = !visible; };
      const send = (message) => {
        if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); }
      };
      const stopCountdown = () => { if (timer) { clearInterval(timer); timer = null; } $("countdown").textContent = ""; };
      const tick = () => {
        const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
        $("countdown").textContent = left + " s";
        if (left === 0) { clearInterval(timer); timer = null; }
      };

      const drawChoices = (view) => {
        const question = view.question;
        const key = question.number + "/" + question.text;
        const list = $("choices");
        if (key !== shownQuestion) {
          shownQuestion = key;
          list.replaceChildren(...question.choices.map((text, index) => {
            const button = document.createElement("button");
            button.type = "button";
            button.id = "choice-" + index;
            button.textContent = (index + 1) + ") " + text;
            button.addEventListener("click", () => {
              for (const other of list.querySelectorAll("button")) { other.disabled = true; }
              send({ action: "answer", choice: index });
            });
            return button;
          }));
        }
        list.querySelectorAll("button").forEach((button, index) => {
          button.disabled = !view.canAnswer;
          button.classList.toggle("chosen", view.chosen === index);
          button.classList.toggle("correct", view.correctChoice === index);
          button.classList.toggle("wrong", view.correct === false && view.chosen === index);
        });
      };

      const render = (view) => {
        $("trivia-status").textContent = view.message || "";
        $("score").textContent = String(view.score);
        $("jokers").textContent = String(view.jokers);
        // While the joker is on offer the server already counts the player as a viewer; the offer says so.
        show("viewer-banner", view.role === "viewer" && !["finished", "joker"].includes(view.screen));
        show("joker-offer", view.screen === "joker");
        show("screen-waiting", view.screen === "waiting");
        show("screen-question", ["question", "result", "joker"].includes(view.screen) && !!view.question);
        show("screen-final", view.screen === "finished");
        show("screen-error", view.screen === "error");
        if (view.question) {
          $("question-number").textContent = "Question " + view.question.number + " of " + view.question.count;
          $("question-text").textContent = view.question.text;
          drawChoices(view);
        }
        if (view.screen === "question" && view.question) {
          deadline = Date.now() + view.question.remainingMs;
          if (!timer) { timer = setInterval(tick, 250); }
          tick();
        } else {
          stopCountdown();
        }
        if (view.screen === "finished") {
          finished = true;
          $("standings").replaceChildren(...(view.standings || []).map((row) => {
            const line = document.createElement("tr");
            if (row.you) { line.className = "you"; }
            for (const value of [row.rank, row.user + (row.you ? " (you)" : ""), row.score, row.role + (row.left ? ", left" : "")]) {
              const cell = document.createElement("td");
              cell.textContent = String(value);
              line.append(cell);
            }
            return line;
          }));
        }
        if (view.screen === "error") { $("error-text").textContent = view.message || "The game stopped."; }
      };

      $("use-joker").addEventListener("click", () => send({ action: "joker", use: true }));
      $("decline-joker").addEventListener("click", () => send({ action: "joker", use: false }));

      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const user = $("user").value.trim();
        const scheme = location.protocol === "https:" ? "wss:" : "ws:";
        socket = new WebSocket(scheme + "//" + location.host + "/trivia/socket?user=" + encodeURIComponent(user));
        form.hidden = true;
        show("game", true);
        show("screen-waiting", true);
        $("trivia-status").textContent = "Connecting…";
        socket.addEventListener("message", (event) => {
          let view;
          try { view = JSON.parse(event.data); } catch { return; }
          render(view);
        });
        socket.addEventListener("close", () => {
          stopCountdown();
          if (!finished) {
            render({ screen: "error", message: "The connection to the playground closed before the game ended.",
                     score: Number($("score").textContent) || 0, jokers: Number($("jokers").textContent) || 0 });
          }
        });
      });
    });
    """#
}
