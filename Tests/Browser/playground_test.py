#!/usr/bin/env python3
"""Browser tests of `signet playground`: headless Chromium (Debian's chromium and chromedriver) driven
through selenium, against the real playground and the real reference server.

    python3 Tests/Browser/playground_test.py [--signet PATH] [--screenshots DIR]

Flows: load each page; post Magic and see the points rise; Rainbow; change the avatar; list worlds;
start a puzzle and find a word by clicking its first and last letters (and miss one); evaluate a
condition; play a trivia game to the final screen; posts from other sites and a rebound name refused;
the failures in words (an unreachable upstream, a
refused signature with its diagnosis, bad input, Angle missing when the server lacks it). Every body the
playgrounds sent (recorded with --record) and every page the browser showed is then searched for the demo
keys, secrets and passwords. Screenshots of each page go to --screenshots. Ends with `N passed, M failed`.
"""
import argparse
import http.server
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO_CLIENT_SECRET = "demo-client-secret"
DEMO_ADMIN_SECRET = "demo-admin-secret"
# The worlds accounts of the reference server (docs/worlds.md). The seed account's password is the word
# "password", which every login form contains as a field name, so the flows log in with the awkward
# account, whose password is unmistakable, and check the seed one by the password field's value.
SEED_LOGIN, SEED_PASSWORD = "ios.test@xyrality.com", "password"
AWKWARD_LOGIN, AWKWARD_PASSWORD = "awkward+login@signet.example", "p+ss w&rd=100% é€ 😀"
WRONG_SECRET = "wrong-secret-of-the-browser-test"
# Another web site's name, which Chromium resolves to 127.0.0.1 (--host-resolver-rules): a page on it is
# cross-site to the playground, and the playground under it is what DNS rebinding would show.
OTHER_SITE = "evil.test"
FORBIDDEN = ["demo-client", "demo-admin", DEMO_CLIENT_SECRET, DEMO_ADMIN_SECRET, AWKWARD_PASSWORD, WRONG_SECRET,
             "p+ss w&amp;rd", "p%2Bss", "p+ss+w%26rd", 'value="password"']


class Playground:
    """`signet playground --port 0` as a child process; `url` is the address it printed."""

    def __init__(self, signet, scratch, name, extra_args=(), env=None):
        self.record = os.path.join(scratch, f"{name}-record.txt")
        self.log = open(os.path.join(scratch, f"{name}-stderr.txt"), "w")
        environment = {k: v for k, v in os.environ.items() if not k.startswith("SIGNET_")}
        environment["SIGNET_DATA_DIR"] = os.path.join(scratch, f"{name}-data")
        environment.update(env or {})
        self.environment = environment
        self.process = subprocess.Popen(
            [signet, "playground", "--port", "0", "--record", self.record, *extra_args],
            stdout=subprocess.PIPE, stderr=self.log, stdin=subprocess.DEVNULL, env=environment, text=True)
        self.first_line = read_line(self.process, 60)
        match = re.search(r"http://127\.0\.0\.1:\d+/", self.first_line)
        if not match:
            self.stop()
            raise RuntimeError(f"the playground printed no address: {self.first_line!r}")
        self.url = match.group(0).rstrip("/")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def read_line(process, timeout):
    """The child's first stdout line, waiting at most `timeout` seconds."""
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        process.kill()
        raise RuntimeError(f"nothing on stdout within {timeout} s")
    return process.stdout.readline()


class OtherSite:
    """A page on another web site: a loopback server that answers every GET with `html`. The browser reaches it
    as http://evil.test:PORT/, a name Chromium maps to 127.0.0.1 (--host-resolver-rules), so it is cross-site."""

    def __init__(self, html):
        body = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://{OTHER_SITE}:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


try:
    from selenium.common.exceptions import StaleElementReferenceException
except ImportError:  # reported by main() with what to install
    StaleElementReferenceException = Exception


class Run:
    def __init__(self, args):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        self.args = args
        self.scratch = tempfile.mkdtemp(prefix="signet-browser-")
        self.screenshots = args.screenshots
        os.makedirs(self.screenshots, exist_ok=True)
        self.passed, self.failed = 0, []
        self.sources = []  # every page the browser showed, as the DOM serialised it
        self.playgrounds = []
        self.servers = []
        options = webdriver.ChromeOptions()
        options.binary_location = args.chromium
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,1000", "--no-first-run", f"--host-resolver-rules=MAP {OTHER_SITE} 127.0.0.1"]:
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
        self.driver.set_page_load_timeout(30)

    # --- helpers -------------------------------------------------------------------------------------
    def wait(self, condition, timeout=20, message=""):
        from selenium.webdriver.support.ui import WebDriverWait
        return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(condition, message)

    def el(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        from selenium.webdriver.common.by import By
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def visible(self, css):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as ec
        return self.wait(ec.visibility_of_element_located((By.CSS_SELECTOR, css)), message=f"{css} never showed")

    def load(self, url):
        self.driver.get(url)
        self.keep_source()

    def keep_source(self):
        self.sources.append((self.driver.current_url, self.driver.page_source))

    def shot(self, name):
        self.keep_source()
        self.driver.save_screenshot(os.path.join(self.screenshots, name + ".png"))

    def click_and_load(self, css):
        """Clicks something that loads a new page and waits for it."""
        old = self.el("html")
        self.el(css).click()
        self.wait(lambda _: self.is_gone(old), message=f"clicking {css} loaded no page")
        self.visible("main")
        self.keep_source()

    @staticmethod
    def is_gone(element):
        """Whether `element` has left the document (selenium's `staleness_of`, which on a page being replaced
        chromedriver sometimes answers with "Node with given id does not belong to the document" instead of a
        stale-element error: the same fact, seen in CI)."""
        from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    def check(self, name, flow):
        started = time.monotonic()
        try:
            flow()
            self.passed += 1
            print(f"ok    {name} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception as error:  # a failed flow is reported and the others still run
            self.failed.append(name)
            print(f"FAIL  {name}: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc(limit=3)
            try:
                self.driver.save_screenshot(os.path.join(self.screenshots, f"FAILED-{name}.png"))
            except Exception:
                pass

    def playground(self, name, extra_args=(), env=None):
        playground = Playground(self.args.signet, self.scratch, name, extra_args, env)
        self.playgrounds.append(playground)
        return playground

    # --- the flows --------------------------------------------------------------------------------------
    def home(self):
        self.load(self.main.url + "/")
        assert len(self.els(".tile")) == 5, "five service tiles"
        assert "embedded reference server" in self.el("#upstream").text
        self.shot("home")

    def magic(self):
        self.load(self.main.url + "/gamesystem")
        before = int(self.el("#points").text)
        assert self.el("#nickname").text, "a nickname"
        self.click_and_load("#magic")
        points = self.el("#points")
        self.wait(lambda d: points.get_attribute("data-counted") == "done", message="the points never finished counting")
        after = int(points.text)
        assert after > before, f"points rose: {before} → {after}"
        assert int(points.get_attribute("data-count-from")) == before
        assert "Magic" in self.el("#notice").text
        self.shot("gamesystem")

    def rainbow(self):
        self.load(self.main.url + "/gamesystem")
        self.click_and_load("#rainbow")
        unlocked = self.visible("#unlocked")
        assert "Achievement unlocked" in unlocked.text
        assert len(self.els("#achievements li:not(.none)")) >= 1
        self.shot("gamesystem-rainbow")
        animation = "return getComputedStyle(document.getElementById('unlocked')).animationName"
        assert "unlock-pop" in self.driver.execute_script(animation), "the achievement animates"
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        try:
            assert self.driver.execute_script(animation) == "none", "and stands still for prefers-reduced-motion"
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        self.click_and_load("#rainbow")
        assert "nothing new" in self.el("#notice").text, "a second Rainbow awards nothing"

    def avatar(self):
        self.load(self.main.url + "/gamesystem")
        combos = self.els("#gallery button")
        assert len(combos) >= 4, "every Top/Bottom combination is drawn"
        assert all(c.find_elements("css selector", "svg") for c in combos), "each as SVG"
        target = next(c for c in combos if "current" not in (c.get_attribute("class") or "")).get_attribute("id")
        self.click_and_load("#" + target)
        assert "Avatar changed" in self.el("#notice").text
        assert "current" in self.el("#" + target).get_attribute("class"), "the chosen combination is current"
        _, top, bottom = target.split("-")
        assert self.el("#top").get_attribute("value") == top and self.el("#bottom").get_attribute("value") == bottom

    def worlds(self):
        self.load(self.main.url + "/worlds")
        self.shot("worlds-login")
        for login, password, count in [(AWKWARD_LOGIN, AWKWARD_PASSWORD, 2), (SEED_LOGIN, SEED_PASSWORD, 5)]:
            self.el("#login").clear()
            self.el("#login").send_keys(login)
            self.el("#password").send_keys(password)
            self.click_and_load("#login-button")
            rows = self.els("#worlds tbody tr")
            assert len(rows) == count, f"{login}: {len(rows)} worlds, expected {count}"
            assert all(r.find_element("css selector", ".status").text for r in rows), "every world has a status"
            assert self.el("#password").get_attribute("value") == "", "the password is never written back"
        self.shot("worlds")
        self.el("#password").send_keys("not-the-password")
        self.click_and_load("#login-button")
        assert "does not know" in self.el("#problem").text

    def puzzle(self):
        self.load(self.main.url + "/puzzles")
        self.click_and_load("#new-game")
        assert self.els("#capability-angle"), "the embedded server offers Angle"
        for field, value in [("width", 9), ("height", 8), ("words", 3), ("min", 3), ("max", 5)]:
            self.el("#" + field).clear()
            self.el("#" + field).send_keys(str(value))
        self.click_and_load("#start-game")
        self.visible("#grid")
        puzzle_id = urllib.parse.parse_qs(urllib.parse.urlparse(self.driver.current_url).query)["id"][0]
        shown = subprocess.run([self.args.signet, "puzzle", "show", puzzle_id, "--json"], capture_output=True,
                               text=True, env=self.main.environment, timeout=60, check=True)
        game = json.loads(shown.stdout)
        word = game["words"][0]
        # A miss first: two neighbouring cells read two letters, and every word has three or more.
        x, y = word["x1"], word["y1"]
        neighbour = (x - 1, y) if x > 0 else (x + 1, y)
        self.click_and_load(f"#cell-{x}-{y}")
        self.click_and_load(f"#cell-{neighbour[0]}-{neighbour[1]}")
        assert "miss" in self.el("#notice").get_attribute("class"), self.el("#notice").text
        assert "nothing was stored" in self.el("#notice").text
        # Then the word itself: its first letter, then its last.
        self.click_and_load(f"#cell-{x}-{y}")
        assert "first" in self.el(f"#cell-{x}-{y}").get_attribute("class")
        self.click_and_load(f"#cell-{word['x2']}-{word['y2']}")
        assert self.el("#notice").text.startswith(f"Found {word['word']}"), self.el("#notice").text
        assert "found" in self.el(f"#cell-{x}-{y}").get_attribute("class")
        assert "found" in self.el(f"#cell-{word['x2']}-{word['y2']}").get_attribute("class")
        self.shot("puzzle")
        stored = json.loads(subprocess.run([self.args.signet, "puzzle", "show", puzzle_id, "--json"], capture_output=True,
                                           text=True, env=self.main.environment, timeout=60, check=True).stdout)
        assert stored["found"] == 1, "the find is saved, the miss is not"
        self.load(self.main.url + "/puzzles")
        assert puzzle_id in self.el("#games").text, "the game is listed in progress"
        self.shot("puzzles")
        self.click_and_load("#credits")
        self.shot("puzzle-credits")

    def conditions(self):
        self.load(self.main.url + "/conditions")
        links = self.els("#conditions a")
        assert links, "the conditions are listed"
        self.shot("conditions")
        self.click_and_load("#conditions a")
        assert self.el("#pseudocode").text, "the condition as pseudocode"
        assert self.el("#result").text == "—"
        self.el("#arg1").send_keys("a")
        self.el("#arg2").send_keys("b")
        self.click_and_load("#evaluate")
        assert self.el("#result").text in ("true", "false"), self.el("#result").text
        assert self.el("#arg1").get_attribute("value") == "a"
        self.shot("conditions-tester")

    def play_trivia(self, user, joker, shoot):
        """Plays one game as `user`, always choosing the first choice open, and taking (`joker` True) or
        declining the joker when offered. Returns what was seen: offers, viewer mode, the standings rows."""
        self.load(self.main.url + "/trivia")
        self.el("#user").clear()
        self.el("#user").send_keys(user)
        self.el("#join").click()
        seen = {"questions": 0, "offers": 0, "viewer": False}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            # The page redraws as the relay's views arrive, so an element found a moment ago may be gone:
            # each round looks again, and a stale element only means "look again".
            try:
                if self.el("#screen-final").is_displayed():
                    break
                if self.el("#screen-error").is_displayed():
                    raise AssertionError("the game stopped: " + self.el("#error-text").text)
                if self.el("#viewer-banner").is_displayed() and not seen["viewer"]:
                    seen["viewer"] = True
                    assert not any(b.is_enabled() for b in self.els("#choices button")), "a viewer cannot answer"
                    if shoot:
                        self.shot("trivia-viewer")
                if self.el("#joker-offer").is_displayed():
                    seen["offers"] += 1
                    if shoot:
                        self.shot("trivia-joker")
                    self.el("#use-joker" if joker else "#decline-joker").click()
                    self.wait(lambda d: not self.el("#joker-offer").is_displayed(), message="the offer stayed")
                    continue
                enabled = [b for b in self.els("#choices button") if b.is_enabled()]
                if enabled and self.el("#screen-question").is_displayed():
                    if seen["questions"] == 0 and shoot:
                        self.wait(lambda d: self.el("#countdown").text.endswith(" s"), message="no countdown")
                        self.shot("trivia-question")
                    seen["questions"] += 1
                    enabled[0].click()
            except StaleElementReferenceException:
                continue
            time.sleep(0.1)
        assert self.el("#screen-final").is_displayed(), "the final screen within two minutes"
        seen["rows"] = [r.text for r in self.els("#standings tr")]
        return seen

    def trivia(self):
        seen = self.play_trivia("ann", joker=True, shoot=True)
        assert len(seen["rows"]) == 3, f"ann and two scripted opponents in the standings: {seen['rows']}"
        assert any("ann (you)" in row for row in seen["rows"])
        assert seen["questions"] >= 1, "at least one question was answered"
        self.shot("trivia-final")
        print(f"      answered {seen['questions']} questions, {seen['offers']} joker offer(s) taken")

    def trivia_viewer(self):
        # zed owns no joker: the first wrong answer makes a viewer, whose choices are closed.
        seen = self.play_trivia("zed", joker=False, shoot=False)
        assert seen["viewer"], "a wrong answer without a joker shows viewer mode"
        assert any("zed (you)" in row and "viewer" in row for row in seen["rows"]), seen["rows"]

    def other_sites(self):
        """Pages on other sites post to the playground with its real form token (as if it had leaked), and the
        playground is loaded under a rebound name: each is refused in words, and the points stay as they were."""
        self.load(self.main.url + "/gamesystem")
        before = int(self.el("#points").text)
        token = self.el("#magic").find_element("xpath", "..").find_element("css selector", "input[name=csrf]").get_attribute("value")
        assert re.fullmatch(r"[0-9a-f]{64}", token), "the Magic form carries the form token"
        attack = (f'<form id="attack" method="post" action="{self.main.url}/gamesystem/magic">'
                  f'<input type="hidden" name="csrf" value="{token}"></form>'
                  '<script>document.getElementById("attack").submit()</script>')
        site = OtherSite("<!doctype html><title>another site</title>" + attack)
        try:
            for page, refused in [(site.url, f"http://{OTHER_SITE}:"), ("data:text/html," + urllib.parse.quote(attack), "Origin: null")]:
                self.driver.get(page)
                self.wait(lambda d: d.current_url.startswith(self.main.url), message=f"{page[:40]} never posted")
                problem = self.visible("#problem")
                self.keep_source()
                assert "Refused:" in problem.text and refused in problem.text, problem.text
                if refused == "Origin: null":
                    self.shot("refused-cross-site")
        finally:
            site.stop()
        port = urllib.parse.urlparse(self.main.url).port
        self.load(f"http://{OTHER_SITE}:{port}/gamesystem")
        problem = self.el("#problem")
        assert "DNS rebinding" in problem.text and f"{OTHER_SITE}:{port}" in problem.text, problem.text
        assert not self.els("input[name=csrf]"), "a page under another name holds no form token"
        self.load(self.main.url + "/gamesystem")
        assert int(self.el("#points").text) == before, "no refused post awarded points"

    def bad_input(self):
        self.load(self.main.url + "/puzzles/new")
        # The browser's own checks would stop width 0; the server must refuse it in words too.
        self.driver.execute_script("document.getElementById('width').value = '0';"
                                   "document.getElementById('settings-form').submit();")
        self.wait(lambda d: "/puzzles" in d.current_url and d.find_elements("css selector", "#problem"))
        self.keep_source()
        problem = self.el("#problem")
        assert "bad-input" in problem.get_attribute("class") and "width" in problem.text.lower(), problem.text
        self.shot("error-bad-input")
        self.load(self.main.url + "/puzzles/play?id=no-such-puzzle")
        assert "no puzzle" in self.el("#problem").text
        self.load(self.main.url + "/nowhere")
        assert "There is no page" in self.el("#problem").text

    def unreachable(self):
        closed = free_port()
        playground = self.playground("unreachable", ["--base-url", f"http://127.0.0.1:{closed}"], {
            "SIGNET_CLIENT_KEY": "demo-client", "SIGNET_CLIENT_SECRET": WRONG_SECRET,
            "SIGNET_ADMIN_KEY": "demo-admin", "SIGNET_ADMIN_SECRET": WRONG_SECRET})
        self.load(playground.url + "/gamesystem")
        problem = self.el("#problem")
        assert "unreachable" in problem.get_attribute("class") and "cannot be reached" in problem.text, problem.text
        assert "Traceback" not in self.driver.page_source and "Fatal error" not in self.driver.page_source
        self.shot("error-unreachable")

    def refused(self):
        server = subprocess.Popen([self.args.signet_server, "--port", "0", "--no-angle"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
        self.servers.append(server)
        line = read_line(server, 60)
        base = re.search(r"http://127\.0\.0\.1:\d+", line).group(0)
        playground = self.playground("refused", ["--base-url", base], {
            "SIGNET_CLIENT_KEY": "demo-client", "SIGNET_CLIENT_SECRET": WRONG_SECRET,
            "SIGNET_ADMIN_KEY": "demo-admin", "SIGNET_ADMIN_SECRET": WRONG_SECRET})
        self.load(playground.url + "/gamesystem")
        problem = self.el("#problem")
        assert "refused" in problem.get_attribute("class") and "HTTP 401" in problem.text, problem.text
        assert self.el("#likely-cause").text, "the diagnosis names a likely cause"
        assert self.el("#expected-string").text and self.el("#signed-string").text
        self.shot("error-401")
        self.load(playground.url + "/puzzles/new")
        boxes = [b.get_attribute("value") for b in self.els("#directions input")]
        assert "angle" not in boxes and "horizontal" in boxes, f"Angle is missing when the server lacks it: {boxes}"

    def secrets(self):
        """No response the playgrounds sent and no page the browser showed holds a key, secret or password."""
        bodies = []
        for playground in self.playgrounds:
            playground.stop()
            with open(playground.record, encoding="utf-8", errors="replace") as record:
                bodies.append((playground.record, record.read()))
            with open(playground.log.name, encoding="utf-8", errors="replace") as log:
                bodies.append((playground.log.name, log.read()))
        bodies += self.sources
        recorded = sum(len(text) for _, text in bodies)
        assert recorded > 10_000, f"the record holds the bodies ({recorded} characters)"
        found = [(where, secret) for where, text in bodies for secret in FORBIDDEN if secret in text]
        assert not found, f"secrets in responses: {found[:5]}"
        print(f"      searched {len(bodies)} records and pages ({recorded} characters) for {len(FORBIDDEN)} forbidden strings")

    def run(self):
        self.main = self.playground("main")
        print(f"playground at {self.main.url}; screenshots in {self.screenshots}", flush=True)
        for name, flow in [("home", self.home), ("magic", self.magic), ("rainbow", self.rainbow),
                           ("avatar", self.avatar), ("worlds", self.worlds), ("puzzle", self.puzzle),
                           ("conditions", self.conditions), ("trivia", self.trivia), ("trivia as a viewer", self.trivia_viewer),
                           ("other sites", self.other_sites), ("bad input", self.bad_input),
                           ("unreachable upstream", self.unreachable), ("refused signature", self.refused)]:
            self.check(name, flow)
        self.check("no secret in any response", self.secrets)

    def close(self):
        try:
            self.driver.quit()
        finally:
            for playground in self.playgrounds:
                playground.stop()
            for server in self.servers:
                if server.poll() is None:
                    server.send_signal(signal.SIGTERM)
                    try:
                        server.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        server.kill()
            shutil.rmtree(self.scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bin_path = os.path.join(ROOT, ".build", "debug")
    parser.add_argument("--signet", default=os.path.join(bin_path, "signet"))
    parser.add_argument("--signet-server", default=None, help="default: signet-server beside --signet")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, ".build", "browser-screenshots"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    args = parser.parse_args()
    args.signet_server = args.signet_server or os.path.join(os.path.dirname(args.signet), "signet-server")
    # Selenium must never fetch a browser or a driver: both come from Debian.
    os.environ["SE_OFFLINE"] = "true"
    started = time.monotonic()
    run = Run(args)
    try:
        run.run()
    finally:
        run.close()
    print(f"browser tests took {time.monotonic() - started:.0f} s")
    print(f"{run.passed} passed, {len(run.failed)} failed")
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
