import Foundation
import TestSupport

/// Debian's `chromium`, headless, driven over its DevTools pipe by a small Python script: loads
/// a page at phone width, says `loaded` on stdout, waits (at most `wait` seconds) until the
/// page's `#fills` table has a row and its body says `data-chart="drawn"`, takes a screenshot,
/// and prints one JSON line: the rows, the chart mark and every URL the page requested.
enum HeadlessChromium {
    static let script = #"""
        import json, os, subprocess, sys, tempfile, time, base64
        url, shot, wait = sys.argv[1], sys.argv[2], float(sys.argv[3])
        to_r, to_w = os.pipe()
        from_r, from_w = os.pipe()
        def child():
            # Through copies: a pipe's end may already be 3 or 4, and dup2 onto itself would
            # leave it closed on exec.
            read, write = os.dup(to_r), os.dup(from_w)
            os.dup2(read, 3)
            os.dup2(write, 4)
        profile = tempfile.mkdtemp(prefix="tickwork-chromium-")
        browser = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
             "--user-data-dir=" + profile, "about:blank"],
            preexec_fn=child, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r); os.close(from_w)
        pending, requests, next_id = b"", [], 0
        def send(method, params=None, session=None):
            global next_id
            next_id += 1
            message = {"id": next_id, "method": method, "params": params or {}}
            if session: message["sessionId"] = session
            os.write(to_w, json.dumps(message).encode() + b"\0")
            return next_id
        def receive(until, deadline):
            global pending
            while time.time() < deadline:
                while b"\0" in pending:
                    raw, pending = pending.split(b"\0", 1)
                    message = json.loads(raw)
                    if message.get("method") == "Network.requestWillBeSent":
                        requests.append(message["params"]["request"]["url"])
                    if until(message): return message
                chunk = os.read(from_r, 1 << 20)
                if not chunk: raise SystemExit("chromium closed its pipe")
                pending += chunk
            raise SystemExit("chromium did not answer in time")
        def call(method, params=None, session=None):
            sent = send(method, params, session)
            return receive(lambda m: m.get("id") == sent, time.time() + 30).get("result", {})
        try:
            target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            call("Network.enable", session=session)
            call("Page.enable", session=session)
            call("Emulation.setDeviceMetricsOverride", {"width": 412, "height": 915, "deviceScaleFactor": 1, "mobile": True}, session)
            call("Page.navigate", {"url": url}, session)
            receive(lambda m: m.get("method") == "Page.loadEventFired", time.time() + 30)
            print("loaded", flush=True)
            probe = "JSON.stringify({fills: document.querySelectorAll('#fills tr').length, chart: document.body.dataset.chart || ''})"
            deadline = time.time() + wait
            while True:
                state = json.loads(call("Runtime.evaluate", {"expression": probe, "returnByValue": True}, session)["result"]["value"])
                if (state["fills"] > 0 and state["chart"] == "drawn") or time.time() > deadline: break
                time.sleep(0.2)
            png = call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session)["data"]
            with open(shot, "wb") as f: f.write(base64.b64decode(png))
            # Drains the pipe, so that the requests of the last moments are counted.
            call("Runtime.evaluate", {"expression": "1"}, session)
            state["requests"] = requests
            print(json.dumps(state), flush=True)
        finally:
            try: send("Browser.close")
            except OSError: pass
            try: browser.wait(timeout=10)
            except subprocess.TimeoutExpired: browser.kill(); browser.wait()
            subprocess.run(["rm", "-rf", profile])
        """#

    /// Starts the script on `url`, writing the screenshot to `screenshot`.
    static func start(_ url: String, screenshot: String, wait: Int) throws -> SpawnedProcess {
        try SpawnedProcess(executable: "/usr/bin/env", arguments: ["python3", "-c", script, url, screenshot, String(wait)])
    }
}
