"""A minimal W3C WebDriver client (urllib only) for Debian's chromedriver.

Just what the admin-UI test needs: a headless chromium session, navigation,
finding elements by CSS selector, typing, clicking, running a script and
taking a screenshot.
"""

import base64
import json
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request

ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf"


class WebDriverError(RuntimeError):
    pass


class Chromedriver:
    """A chromedriver process on a port of our own."""

    def __init__(self, port, log_path, preexec_fn=None):
        exe = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.url = "http://127.0.0.1:%d" % port
        self.log = open(log_path, "ab")
        self.proc = subprocess.Popen(
            [exe, "--port=%d" % port], stdin=subprocess.DEVNULL,
            stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=preexec_fn)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise WebDriverError("chromedriver exited with status %s"
                                     % self.proc.returncode)
            try:
                with urllib.request.urlopen(self.url + "/status", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise WebDriverError("chromedriver did not start")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


class Session:
    """One browser session: its own temporary profile, so its own cookies."""

    def __init__(self, driver_url, download_dir):
        self.base = driver_url
        opts = {
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1000",
                     "--lang=en-US"],
            "prefs": {"download.default_directory": download_dir},
        }
        binary = shutil.which("chromium") or "/usr/bin/chromium"
        if os.path.exists(binary):
            opts["binary"] = binary
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": opts,
            "unhandledPromptBehavior": "dismiss"}}}
        self.id = None
        self.id = self._call("POST", "/session", caps)["sessionId"]
        self._call("POST", "/session/%s/timeouts" % self.id,
                   {"pageLoad": 60000, "script": 30000, "implicit": 0})

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                out = json.loads(r.read().decode())
        except urllib.error.HTTPError as e:
            try:
                out = json.loads(e.read().decode())
            except ValueError:
                raise WebDriverError("%s %s: HTTP %s" % (method, path, e.code))
            v = out.get("value") or {}
            raise WebDriverError("%s %s: %s: %s" % (method, path, v.get("error"),
                                                    (v.get("message") or "")[:300]))
        return out.get("value") if path != "/session" else out["value"]

    def _s(self, path):
        return "/session/%s%s" % (self.id, path)

    def get(self, url):
        self._call("POST", self._s("/url"), {"url": url})

    def current_url(self):
        return self._call("GET", self._s("/url"))

    def find_all(self, css):
        els = self._call("POST", self._s("/elements"),
                         {"using": "css selector", "value": css})
        return [e[ELEMENT_KEY] for e in els]

    def find(self, css, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            els = self.find_all(css)
            if els:
                return els[0]
            if time.monotonic() > deadline:
                raise WebDriverError("no element %r on %s" % (css, self.current_url()))
            time.sleep(0.2)

    def type(self, css, text, clear=True):
        el = self.find(css)
        if clear:
            self._call("POST", self._s("/element/%s/clear" % el), {})
        self._call("POST", self._s("/element/%s/value" % el), {"text": text})

    def click(self, css):
        el = self.find(css)
        ref = {ELEMENT_KEY: el}
        self.script("arguments[0].scrollIntoView({block: 'center'});", ref)
        try:
            self._call("POST", self._s("/element/%s/click" % el), {})
        except WebDriverError as e:
            if "intercepted" not in str(e):
                raise
            # a sticky bar over it: click it as a script would
            self.script("arguments[0].click();", ref)

    def script(self, js, *args):
        return self._call("POST", self._s("/execute/sync"),
                          {"script": js, "args": list(args)})

    def screenshot(self, path):
        png = base64.b64decode(self._call("GET", self._s("/screenshot")))
        with open(path, "wb") as f:
            f.write(png)

    def quit(self):
        if self.id:
            try:
                self._call("DELETE", self._s(""))
            except (WebDriverError, OSError):
                pass
            self.id = None
