import FoundationEssentials
import Lifecycle
import Quoting
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// The live view's loop, on the calling thread: ask the source, draw, then wait in poll(2) for
/// the next refresh, a key (q quits), or a signal (SIGINT and SIGTERM quit, SIGWINCH redraws),
/// which Lifecycle's signal source turns into a byte on a pipe; with a `stream`, its trades
/// (another byte on the same pipe) are drawn as they come, between the polls.
struct WatchLoop {
    var board: WatchBoard
    let source: any QuoteSource
    /// The FILING column's source.
    var filings: WatchFilings
    let list: String
    let interval: Duration
    let json: Bool
    let once: Bool
    /// With `--stream`: the feed whose trades move the prices between polls.
    let stream: WatchStream?

    /// Runs until quit (or one table with `once`); the terminal is restored before it returns.
    mutating func run() {
        var wake: [Int32] = [0, 0]
        guard pipe(&wake) == 0 else { return }
        defer { close(wake[0]); close(wake[1]) }
        let writer = wake[1]
        let signals = SignalSource(signals: [SIGINT, SIGTERM, SIGWINCH], label: "tickwork.watch.signals") { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(writer, &byte, 1)
        }
        defer { signals.cancel() }
        stream?.start(wake: writer)
        defer { stream?.stop() }
        let live = !json && !once && isatty(STDOUT_FILENO) == 1
        let screen = live ? TerminalScreen() : nil
        defer { screen?.restore() }
        let colors = live && getenv("NO_COLOR") == nil
        while true {
            refresh()
            show(screen, colors: colors)
            if once { return }
            let deadline = ContinuousClock.now + interval
            while ContinuousClock.now < deadline {
                switch wait(until: deadline, wake: wake[0], keyboard: screen != nil) {
                case .quit: return
                case .resize: show(screen, colors: colors)
                case .streamed:
                    // One byte wakes the view for all the trades since its last take.
                    guard let trades = stream?.take(), !trades.isEmpty else { continue }
                    board.apply(trades: trades)
                    show(screen, colors: colors)
                case .timeout: break
                }
            }
        }
    }

    private enum Wake { case quit, resize, streamed, timeout }

    /// One round of quotes and the latest stored filings (a fetch from EDGAR started when one
    /// is due); with `once`, rounds go on (a second apart, for at most two minutes) until no
    /// symbol was left for later by the source's rate limit, and the fetch is waited for.
    private mutating func refresh() {
        let symbols = board.rows.map(\.symbol)
        filings.refresh(symbols)
        defer {
            if once { filings.awaitFetch(upTo: WatchFilings.onceWait) }
            board.apply(filings: filings.latest(symbols))
        }
        var pending = board.askOrder
        let giveUp = ContinuousClock.now + .seconds(120)
        while !pending.isEmpty {
            let outcomes = source.quotes(pending, now: .now)
            board.apply(outcomes)
            pending = pending.filter { outcomes[$0] == .deferred }
            guard once, ContinuousClock.now < giveUp, !pending.isEmpty else { return }
            sleep(1)
        }
    }

    private func show(_ screen: TerminalScreen?, colors: Bool) {
        let now = WallClock.now()
        if screen == nil, let problem = filings.unsaidProblem() { Console.err("tickwork: watch: filings: \(problem)") }
        if json {
            Console.out(WatchTable.json(board, now: now, source: source.name, list: list))
            return
        }
        guard let screen else {
            Console.out(WatchTable.lines(board, now: now, width: 200, colors: false).joined(separator: "\n") + "\n")
            return
        }
        let size = TerminalScreen.size()
        let filed = filings.problem.map { ", filings: \($0)" } ?? ""
        let streamed = stream.map { " and \($0.venue)'s stream" } ?? ""
        let title = "tickwork watch: \(list) from \(source.name), every \(interval.components.seconds)s\(streamed) (q quits)\(filed)"
        screen.draw([String(title.prefix(size.columns)), ""] + WatchTable.lines(board, now: now, width: size.columns, colors: colors), rows: size.rows)
    }

    /// Waits in poll(2) until `deadline`, a key, or a signal's byte on `wake`.
    private func wait(until deadline: ContinuousClock.Instant, wake: Int32, keyboard: Bool) -> Wake {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if keyboard { fds.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
        let left = deadline - ContinuousClock.now
        let milliseconds = max(0, Int32(left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return .timeout }
        var byte: UInt8 = 0
        if fds[0].revents & Int16(POLLIN) != 0, read(wake, &byte, 1) == 1 {
            if byte == WatchStream.wakeByte { return .streamed }
            return Int32(byte) == SIGWINCH ? .resize : .quit
        }
        if keyboard, fds[1].revents & Int16(POLLIN) != 0 {
            // End of input (the terminal went away) quits too.
            guard read(STDIN_FILENO, &byte, 1) == 1 else { return .quit }
            if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { return .quit }
        }
        return .timeout
    }
}
