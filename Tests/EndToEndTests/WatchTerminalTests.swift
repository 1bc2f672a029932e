import Foundation
import Testing
import TestSupport

/// The live view in a real terminal: tmux runs `tickwork watch` in a detached session on a
/// server of its own, and the test reads the screen as a person would see it. Without tmux
/// (`.ci/run` installs it) each test fails in CI and is skipped elsewhere, saying so.
@Suite(.processHeavy, .timeLimit(.minutes(10)), .serialized) struct WatchTerminalTests {
    static let tmux = "/usr/bin/tmux"

    init() async throws {
        try Prerequisite.require(Prerequisite.executable(Self.tmux), "tmux (Debian's; .ci/run installs it)")
    }

    /// A tmux server for one test, killed when it ends.
    final class Tmux {
        let socket = "tickwork-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        @discardableResult
        func run(_ arguments: [String]) async throws -> String {
            let result = try await SpawnedProcess.run(executable: WatchTerminalTests.tmux, arguments: ["-L", socket] + arguments, timeout: 20)
            return result.stdout
        }

        /// Runs the command that starts the server with no descriptor of ours open: the server
        /// it forks would hold them (Foundation's process watch among them), and the client's
        /// exit would never be seen.
        func startServer(_ arguments: [String]) async throws {
            let quoted = ([WatchTerminalTests.tmux, "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let closeAll = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done 2>/dev/null; "
            let result = try await SpawnedProcess.run(
                executable: "/bin/bash", arguments: ["-c", closeAll + "exec " + quoted.joined(separator: " ") + " </dev/null >/dev/null 2>&1"],
                timeout: 20)
            #expect(result.status == 0)
        }

        func screen() async throws -> String { try await run(["capture-pane", "-p", "-t", "watch"]) }
        func value(_ format: String) async throws -> String {
            try await run(["display-message", "-p", "-t", "watch", format]).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Waits at most `seconds` until `condition` holds of the screen.
        func waitFor(_ seconds: TimeInterval, _ condition: (String) -> Bool) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition(try await screen()) { return true }
                try await Task.sleep(for: .milliseconds(100))
            }
            return false
        }

        deinit { _ = try? SpawnedProcess.runBlocking(executable: WatchTerminalTests.tmux, arguments: ["-L", socket, "kill-server"]) }
    }

    private func start(_ tmux: Tmux, state: TemporaryDirectory, width: Int = 100) async throws {
        let add = try await TickworkProcess.run(["watch", "add", "FOOBAR"], environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""])
        #expect(add.status == 0)
        let command = "env -u NO_COLOR XDG_STATE_HOME='\(state.path)' STATE_DIRECTORY= TERM=xterm-256color '\(TickworkProcess.buildDirectory)/tickwork' watch --interval 1; echo EXITED $?; sleep 60"
        try await tmux.startServer(["new-session", "-d", "-s", "watch", "-x", String(width), "-y", "20", command])
    }

    @Test func startsShowsTheRowRefreshesAndQuitsOnQRestoringTheTerminal() async throws {
        let state = try TemporaryDirectory("tickwork-tmux")
        defer { state.remove() }
        let tmux = Tmux()
        try await start(tmux, state: state)
        #expect(try await tmux.waitFor(20) { $0.contains("tickwork watch: default") && $0.contains("FOOBAR") && $0.contains("LOW") })
        #expect(try await tmux.value("#{alternate_on}") == "1")
        #expect(try await tmux.value("#{cursor_flag}") == "0")
        let first = try await tmux.screen()
        // A refresh redraws the row: the bots keep trading, so within a few seconds the screen changes.
        #expect(try await tmux.waitFor(15) { $0 != first && $0.contains("FOOBAR") })
        try await tmux.run(["send-keys", "-t", "watch", "q"])
        #expect(try await tmux.waitFor(10) { $0.contains("EXITED 0") })
        #expect(try await tmux.value("#{alternate_on}") == "0")
        #expect(try await tmux.value("#{cursor_flag}") == "1")
        #expect(try await !tmux.screen().contains("SYMBOL"))
    }

    @Test func redrawsToFitOnResizeAndRestoresTheTerminalOnSIGTERM() async throws {
        let state = try TemporaryDirectory("tickwork-tmux")
        defer { state.remove() }
        let tmux = Tmux()
        try await start(tmux, state: state, width: 120)
        #expect(try await tmux.waitFor(20) { $0.contains("LOW") && $0.contains("FOOBAR") })
        try await tmux.run(["resize-window", "-t", "watch", "-x", "50"])
        // At 50 columns the company column gives way and every line fits.
        #expect(try await tmux.waitFor(10) { screen in
            !screen.contains("COMPANY") && screen.contains("AGE") && screen.split(separator: "\n").allSatisfy { $0.count <= 50 }
        })
        let pid = try await tmux.value("#{pane_pid}")
        // The pane's shell runs tickwork as its child: signal that child.
        let children = try await SpawnedProcess.run(executable: "/usr/bin/pgrep", arguments: ["-P", pid], timeout: 10)
        let child = try #require(children.stdout.split(separator: "\n").first.flatMap { Int32($0) })
        kill(child, SIGTERM)
        #expect(try await tmux.waitFor(10) { $0.contains("EXITED 0") })
        #expect(try await tmux.value("#{alternate_on}") == "0")
        #expect(try await tmux.value("#{cursor_flag}") == "1")
    }

    @Test func theFilingColumnShowsTheLatestFilingFetchedFromEDGAR() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let state = try TemporaryDirectory("tickwork-tmux")
        defer { state.remove() }
        let configuration = try FilingsCLITests.watchConfiguration(state, edgar: exchange)
        let add = try await TickworkProcess.run(["watch", "add", "FOOBAR"], environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""])
        #expect(add.status == 0)
        let tmux = Tmux()
        let command = "env -u NO_COLOR -u TICKWORK_EDGAR_USER_AGENT XDG_STATE_HOME='\(state.path)' STATE_DIRECTORY= TERM=xterm-256color '\(TickworkProcess.buildDirectory)/tickwork' watch --config '\(configuration)' --interval 1; echo EXITED $?; sleep 60"
        try await tmux.startServer(["new-session", "-d", "-s", "watch", "-x", "140", "-y", "20", command])
        // The row's last cell: the latest filing's form and age, e.g. "8-K 2h" or "4 7d".
        let filed = try Regex(#"FOOBAR .* (4|8-K|10-Q|10-K) [0-9]+[smhd]\s*$"#).anchorsMatchLineEndings()
        #expect(try await tmux.waitFor(30) { $0.contains("FILING") && $0.contains(filed) })
        try await tmux.run(["send-keys", "-t", "watch", "q"])
        #expect(try await tmux.waitFor(10) { $0.contains("EXITED 0") })
    }
}
