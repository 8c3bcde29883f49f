/// The playground's one stylesheet, served as `/static/playground.css`. Hand-written, no build step.
/// Every animation stops for people who ask for less motion (`prefers-reduced-motion: reduce`).
enum PlaygroundStyle {
    static let css = #"""
    :root { --ink: #1d2330; --muted: #5b6475; --line: #d9dee8; --paper: #f7f8fb; --accent: #4b5bdc;
            --good: #1d8a4e; --bad: #c0392b; --gold: #c98a00; font-family: system-ui, sans-serif; color: var(--ink); }
    body { margin: 0; background: var(--paper); }
    header { display: flex; gap: 1.5rem; align-items: center; padding: .8rem 1.5rem; background: var(--ink); }
    header a { color: #fff; text-decoration: none; }
    header .brand { font-weight: 700; }
    nav { display: flex; gap: 1rem; flex-wrap: wrap; }
    nav a { opacity: .8; padding: .2rem .4rem; border-radius: .3rem; }
    nav a[aria-current="page"] { opacity: 1; background: var(--accent); }
    main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
    footer { text-align: center; color: var(--muted); font-size: .85rem; padding: 1rem; }
    h1 { margin-top: .5rem; }
    a { color: var(--accent); }
    button, .button { font: inherit; padding: .5rem 1rem; border-radius: .5rem; border: 1px solid var(--accent);
                      background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
    button.secondary, .button.secondary { background: #fff; color: var(--accent); }
    button.rainbow { border: 0; background: linear-gradient(90deg, #e53935, #fb8c00, #fdd835, #43a047, #1e88e5, #8e24aa);
                     text-shadow: 0 1px 2px rgba(0,0,0,.5); font-weight: 700; }
    button:disabled { opacity: .45; cursor: default; }
    input, select { font: inherit; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: .35rem; }
    label { display: inline-flex; flex-direction: column; gap: .2rem; margin: 0 1rem .8rem 0; color: var(--muted); }
    fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 0 0 1rem; }
    fieldset label { flex-direction: row; align-items: center; color: var(--ink); }
    table { border-collapse: collapse; }
    th, td { text-align: left; padding: .35rem .7rem; border-bottom: 1px solid var(--line); }
    .notice { padding: .6rem 1rem; border-radius: .5rem; background: #e8ecff; }
    .notice.success { background: #e3f5ea; color: var(--good); font-weight: 600; }
    .notice.miss { background: #fdecea; color: var(--bad); font-weight: 600; }
    .problem { border: 2px solid var(--bad); background: #fff; border-radius: .6rem; padding: .2rem 1rem 1rem; margin: 1rem 0; }
    .problem h2 { color: var(--bad); font-size: 1.1rem; }
    .problem .hint { color: var(--muted); }
    .signing code { white-space: pre-wrap; word-break: break-all; }
    .signing mark { background: #ffd54f; }
    .tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; }
    .tile { background: #fff; border: 1px solid var(--line); border-radius: .8rem; padding: 1rem; }
    .card { display: flex; gap: 1.5rem; background: #fff; border: 1px solid var(--line); border-radius: 1rem; padding: 1.2rem; }
    .card h2 { margin: 0 0 .4rem; }
    .points { font-size: 2.4rem; font-weight: 700; color: var(--gold); font-variant-numeric: tabular-nums; }
    .achievements li { list-style: none; }
    .actions { display: flex; gap: 1rem; margin: 1.2rem 0; }
    .avatar svg { width: 8rem; height: 10rem; }
    .gallery { display: flex; flex-wrap: wrap; gap: .6rem; }
    .gallery button { background: #fff; color: var(--ink); border-color: var(--line); display: flex; flex-direction: column;
                      align-items: center; font-size: .8rem; }
    .gallery button.current { border: 2px solid var(--accent); }
    .gallery svg { width: 4rem; height: 5rem; }
    .unlocked { margin: 1rem 0; padding: 1rem; border-radius: 1rem; text-align: center; color: #fff; font-weight: 800;
                font-size: 1.4rem; background: linear-gradient(90deg, #e53935, #fb8c00, #fdd835, #43a047, #1e88e5, #8e24aa, #e53935);
                background-size: 300% 100%; animation: unlock-pop .6s ease-out both, rainbow 2.5s linear infinite; }
    .unlocked small { display: block; font-size: .9rem; font-weight: 600; }
    @keyframes unlock-pop { from { transform: scale(.4); opacity: 0; } 70% { transform: scale(1.08); opacity: 1; } to { transform: scale(1); } }
    @keyframes rainbow { from { background-position: 0% 50%; } to { background-position: 300% 50%; } }
    .grid { border-collapse: separate; border-spacing: 3px; }
    .grid td { padding: 0; border: 0; }
    .grid .cell { display: block; width: 2.1rem; height: 2.1rem; line-height: 2.1rem; text-align: center; border-radius: .35rem;
                  background: #fff; border: 1px solid var(--line); color: var(--ink); font-weight: 700; padding: 0;
                  text-decoration: none; font-family: ui-monospace, monospace; }
    .grid .cell.found { background: #c8efd7; color: var(--good); }
    .grid .cell.first { background: #ffd54f; border-color: var(--gold); }
    .grid button.cell:hover, .grid a.cell:hover { border-color: var(--accent); }
    .words li.found { color: var(--good); text-decoration: line-through; }
    .split { display: flex; gap: 2rem; flex-wrap: wrap; align-items: flex-start; }
    .pseudocode { display: block; background: #fff; border: 1px solid var(--line); padding: .8rem; border-radius: .5rem; }
    output.result { font-size: 1.6rem; font-weight: 800; }
    output.result.true { color: var(--good); }
    output.result.false { color: var(--bad); }
    .trivia-question { font-size: 1.3rem; font-weight: 700; }
    .choices { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: .6rem; margin: 1rem 0; }
    .choices button.chosen { outline: 3px solid var(--gold); }
    .choices button.correct { background: var(--good); border-color: var(--good); }
    .choices button.wrong { background: var(--bad); border-color: var(--bad); }
    .countdown { font-size: 1.6rem; font-weight: 800; color: var(--gold); font-variant-numeric: tabular-nums; }
    .viewer-banner { background: #efe3ff; color: #6a1b9a; padding: .5rem 1rem; border-radius: .5rem; }
    .joker { background: #fff7e0; border: 2px solid var(--gold); padding: .8rem 1rem; border-radius: .8rem; }
    [hidden] { display: none !important; }
    @media (prefers-reduced-motion: reduce) {
      *, *::before, *::after { animation: none !important; transition: none !important; }
    }
    """#
}
