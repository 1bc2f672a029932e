import CommandLineKit
import Live
import SimulatedMarket

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork level`: play a practice level and be judged.
enum PlayLevel {
    static let command = Command(
        name: "level",
        summary: "Play a practice level on the simulated exchange and be judged.",
        discussion: """
            Starts the level through the game master's API (POST /gm/levels/LEVEL, its bots \
            seeded with --seed), as any StockFighter client would: on the exchange at --base-url, \
            or else on a simulated exchange this process serves on loopback. Runs the daemon on \
            the instance's venue and account as `tickwork run` would (risk checker, a fill ledger \
            in a temporary directory), with the key in TICKWORK_API_KEY (or the configuration's; \
            a fresh one when there is none), and polls the instance until the game master's \
            judge has decided. Progress goes to stderr; the verdict and its figures go to stdout. \
            A trading day is 100 steps of the bots: 5 seconds when the machine lets them step on \
            time, longer when it is loaded.

            """ + levelLines + """

            LEVEL is the command line's name or the game's (first_steps, chock_a_block, ...). \
            On chock-a-block the target reaches every strategy declaring an integer \
            priceCapCents parameter as that parameter, through a configuration reload. \
            Without --config the level's shipped strategy plays (or the plugin --strategy names, \
            with its default parameters) in the level's own configuration. A \
            configuration given must trade the level's stock (FOOBAR); its exchange (venue, \
            account, URL, key), ledger and risk-state settings are replaced by the level's. \
            making-amends is played by the detective of `tickwork detect`, from the instance's \
            account: it watches \(LevelDetective.watchDays) trading days, then accuses its \
            suspect to the judge (POST /gm/instances/ID/judge); --config does not apply to it.
            Exit status: 0 when the level is passed, 1 when it is failed (or cannot be played).
            """,
        arguments: [level],
        options: [config, strategy, seed, baseURL, logLevel, json],
        run: run, earlySignals: [SIGTERM, SIGINT]
    )

    /// One line per level: its name, goal, days and shipped player.
    private static let levelLines = Level.all.map { level in
        "\(level.name): \(level.rules.objective); \(level.days) days; played by \(LevelConfiguration.shippedStrategy(level))."
    }.joined(separator: "\n")

    static let level: Argument<Level> = .required(
        "LEVEL", help: "A level listed below, by its name or the game's (e.g. first_steps).",
        parse: ValueParser { text throws(ValueError) in
            guard let level = Level.named(text) else {
                throw .expected(Level.all.map(\.name).joined(separator: ", ") + " (or the game's name, e.g. first_steps)")
            }
            return level
        })
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration to play with (default: the level's shipped strategy).")
    static let strategy: Option<String?> = .optional(
        "--strategy", "NAME",
        help: "A strategy plugin to play with, in the level's own configuration and with the plugin's default parameters (default: the level's shipped strategy).")
    static let seed: Option<Int64> = .defaulted(
        "--seed", "S", default: 1, help: "The bots' random seed (default 1): the same seed gives the same bots.",
        parse: .integer(in: 0...Int64.max))
    static let baseURL: Option<String?> = .optional(
        "--base-url", "URL",
        help: "The exchange to play on: its StockFighter API's base, as every command takes it (http://host:8080/ob/api), or its root (default: one served in this process).")

    /// The exchange's root from `--base-url`: the game master is served beside the API, at the root.
    static func exchangeRoot(_ invocation: Invocation) -> String? {
        invocation[baseURL].map { url in
            let trimmed = url.hasSuffix("/") ? String(url.dropLast()) : url
            return trimmed.hasSuffix("/ob/api") ? String(trimmed.dropLast("/ob/api".count)) : trimmed
        }
    }
    static let logLevel: Option<LoggingSettings.Level> = .defaulted(
        "--log-level", "LEVEL", default: .warning, help: "The daemon's log level on stderr (default: warning).",
        parse: .oneOf("debug, info, warning or error"))
    static let json: Option<Bool> = .flag("--json", help: "Print the verdict as JSON.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let level = invocation[Self.level]
        let verdict: LevelVerdict
        let (file, strategy) = (invocation[Self.config], invocation[Self.strategy])
        if file != nil, strategy != nil { throw CLIError.usage("--strategy and --config: give one or the other") }
        if case .nameTheInsider = level.rules {
            guard file == nil, strategy == nil else {
                throw CLIError.usage(
                    "\(file == nil ? "--strategy" : "--config"): \(level.name) is played by the detective (tickwork detect), not by a strategy")
            }
            let detective = LevelDetective(level: level, seed: UInt64(invocation[Self.seed]), baseURL: Self.exchangeRoot(invocation), caFile: nil)
            verdict = try detective.run { Console.err($0) }
        } else {
            var configuration = try LevelConfiguration.load(file, strategy: strategy, level: level)
            configuration.logging.level = invocation[Self.logLevel]
            let runner = try LevelRunner(
                level: level, seed: UInt64(invocation[Self.seed]), configuration: configuration, baseURL: Self.exchangeRoot(invocation))
            verdict = try runner.run { Console.err($0) }
        }
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(verdict))
        } else {
            Console.out("\(level.name): \(verdict.outcome == .passed ? "PASSED" : "FAILED"): \(verdict.reason)")
            // An accusation's verdict has no trading figures to show.
            if level.rules != .nameTheInsider {
                for line in verdict.figureLines { Console.out("  \(line)") }
            }
        }
        return verdict.outcome == .passed ? 0 : 1
    }
}
