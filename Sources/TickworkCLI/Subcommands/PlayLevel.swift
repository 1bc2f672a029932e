import Engine
import Venue

/// `tickwork level`: play a practice level and be judged.
enum PlayLevel {
    static let command = Command(
        name: "level",
        summary: "Play a practice level on the simulated exchange and be judged.",
        discussion: """
            Opens the level's market on the simulated exchange in this process (its bots seeded \
            with --seed), runs the daemon on it as `tickwork run` would (client over loopback \
            HTTP, risk checker, a fill ledger in a temporary directory) and judges the account's \
            fills as the exchange recorded them. Progress goes to stderr; the verdict and its \
            figures go to stdout. A trading day lasts 5 seconds.

            """ + levelLines + """

            On chock-a-block the target reaches every strategy declaring an integer \
            priceCapCents parameter as that parameter, through a configuration reload. \
            Without --config the level's shipped strategy plays with its default parameters. A \
            configuration given must trade the level's stock (FOOBAR on TESTEX); its exchange, \
            ledger and risk-state settings are replaced by the level's.
            Exit status: 0 when the level is passed, 1 when it is failed (or cannot be played).
            """,
        arguments: [ArgumentSpec("LEVEL", help: "first-steps, chock-a-block or sell-side.")],
        options: [
            .value("--config", "FILE", help: "The configuration to play with (default: the level's shipped strategy)."),
            .value("--seed", "S", help: "The bots' random seed (default 1): the same seed gives the same bots."),
            .value("--log-level", "LEVEL", help: "The daemon's log level on stderr (default: warning)."),
            .flag("--json", help: "Print the verdict as JSON."),
        ],
        run: run
    )

    /// One line per level: its name, goal, days and shipped player.
    private static let levelLines = Level.all.map { level in
        "\(level.name): \(level.rules.objective); \(level.days) days; played by \(LevelConfiguration.shippedStrategy(level))."
    }.joined(separator: "\n")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let name = invocation.argument(0) ?? ""
        guard let level = Level.named(name) else {
            throw CLIError.usage("LEVEL: expected first-steps, chock-a-block or sell-side, got \"\(name)\"")
        }
        let seed = try invocation.integer("--seed", default: 1, in: 0...Int64.max)
        var configuration = try LevelConfiguration.load(invocation.value("--config"), level: level)
        configuration.logging.level = .warning
        if let text = invocation.value("--log-level") {
            guard let value = LoggingSettings.Level(rawValue: text) else {
                throw CLIError.usage("--log-level: expected debug, info, warning or error, got \"\(text)\"")
            }
            configuration.logging.level = value
        }
        let runner = try LevelRunner(level: level, seed: UInt64(seed), configuration: configuration)
        let verdict = try runner.run { Console.err($0) }
        if invocation.flag("--json") {
            Console.out(try JSONOutput.encode(verdict))
        } else {
            Console.out("\(level.name): \(verdict.outcome == .passed ? "PASSED" : "FAILED"): \(verdict.reason)")
            for line in verdict.figureLines { Console.out("  \(line)") }
        }
        return verdict.outcome == .passed ? 0 : 1
    }
}
