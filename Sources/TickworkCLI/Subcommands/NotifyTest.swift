import CommandLineKit
import FoundationEssentials
import Live
import Notify
import Trading
import Wire

/// `tickwork notify test`: one notice of each kind to each configured webhook.
enum NotifyTest {
    static let command = Command(
        name: "test",
        summary: "Send one test notice of each kind to each configured webhook.",
        discussion: """
            Reads the configuration's notify section, finds each webhook's URL as the daemon \
            would (urlEnv, urlFile), and sends each webhook one message for each event kind it \
            asks for, marked as a test, in its format, one attempt each. Prints per webhook and \
            event the HTTP status and the time taken, naming the host only (a webhook's path \
            and query may hold a secret). Exits 1 if any message failed or no webhook is configured.
            """,
        options: [config, json],
        run: run
    )

    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let json: Option<Bool> = .flag("--json", help: "Print one JSON object per message sent, in an array.")

    /// One message's outcome, as `--json` prints it.
    struct Row: Encodable {
        var webhook: String
        var host: String
        var event: String
        var status: Int?
        var error: String?
        var milliseconds: Int64
    }

    /// The webhooks of `settings` in one line, naming where each URL comes from, never the URL
    /// beyond its host (`config check`).
    static func describe(_ settings: NotifySettings) -> String {
        settings.webhooks.map { webhook in
            let url = switch webhook.url {
            case .inline(let url): url.redacted
            case .secret(.environment(let name)): "URL from $\(name)"
            case .secret(.file(let path)): "URL from file \(path)"
            }
            return "\(webhook.name ?? "webhook") (\(webhook.format.rawValue), \(url), \(webhook.events.count) event kinds)"
        }.joined(separator: "; ")
    }

    static func run(_ invocation: Invocation) throws -> Int32 {
        let configuration = try DefaultConfiguration.load(invocation[Self.config])
        let logger = Logger(part: "notify", level: .error, handler: StderrLogHandler(style: .text))
        guard let notifier = try Daemon.makeNotifier(configuration, logger: logger) else {
            Console.err("tickwork: \(configuration.file): no notify section: nothing to test")
            return 1
        }
        var rows: [Row] = []
        for notice in Notice.samples(at: WallClock.now()) {
            for report in notifier.deliverNow([notice], within: notifier.policy.timeout + .seconds(1)) {
                let (seconds, attoseconds) = report.elapsed.components
                rows.append(Row(
                    webhook: report.webhook, host: report.host, event: notice.kind.rawValue, status: report.status, error: report.error,
                    milliseconds: seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
            }
        }
        // One webhook's messages together, in the configuration's order.
        let order = Dictionary(notifier.webhooks.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        rows = rows.enumerated().sorted { (order[$0.element.webhook] ?? 0, $0.offset) < (order[$1.element.webhook] ?? 0, $1.offset) }.map(\.element)
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(rows))
        } else {
            let table = rows.map { row in
                [row.webhook, row.host, row.event, row.status.map(String.init) ?? "-", "\(row.milliseconds) ms", row.error ?? "ok"]
            }
            Console.out(TextTable.render([["WEBHOOK", "HOST", "EVENT", "STATUS", "TIME", "RESULT"]] + table, rightAligned: [3, 4]), terminator: "")
        }
        return rows.contains { $0.error != nil } ? 1 : 0
    }
}
