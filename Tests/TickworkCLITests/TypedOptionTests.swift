import CommandLineKit
import Testing

@testable import TickworkCLI

/// The typed layer under every subcommand: declarations parse and check their values before the
/// command runs, a bad line is a usage error naming the option (exit 64), and `--help` is
/// rendered from the same declarations.
@Suite(.timeLimit(.minutes(10))) struct TypedOptionTests {
    static let out: Option<String> = .required("--out", "FILE", help: "Where to write.", parse: .text)
    static let interval: Option<Int64> = .defaulted(
        "--interval", "MS", short: "-i", default: 250, help: "Milliseconds between polls.", parse: .integer(in: 1...1_000))
    static let duration: Option<Int64?> = .optional("--duration", "SECONDS", help: "Stop after this long.", parse: .integer(in: 1...60))
    static let tags: Option<[String]> = .repeated("--tag", "NAME", help: "A tag.", parse: .text)
    static let json: Option<Bool> = .flag("--json", help: "Print JSON.")
    static let quantity: Argument<Int64> = .required("QTY", help: "Shares.", parse: .integer(in: 1...100))
    static let symbol: Argument<String?> = .optional("SYMBOL", help: "A stock.")

    /// `tool cmd`, whose run returns 7 so that a test can tell that it ran.
    static func tree(validate: (@Sendable (Invocation) throws(CLIError) -> Void)? = nil) -> Command {
        Command(
            name: "tool", summary: "A tool.",
            subcommands: [
                Command(
                    name: "cmd", summary: "A command.", arguments: [quantity, symbol], options: [out, interval, duration, tags, json],
                    validate: validate, run: { _ in 7 })
            ])
    }

    /// The invocation of `cmd` for `arguments`, or the usage error's message.
    static func parse(_ arguments: [String]) -> Result<Invocation, ArgumentParser.UsageError> {
        Result { () throws(ArgumentParser.UsageError) -> Invocation in
            guard case .run(_, let invocation) = try ArgumentParser.parse(["cmd"] + arguments, root: tree()) else {
                preconditionFailure("cmd is runnable")
            }
            return invocation
        }
    }

    static func message(_ arguments: [String]) -> String? {
        guard case .failure(let error) = parse(arguments) else { return nil }
        return error.message
    }

    @Test func valuesArriveTypedWithDefaultsForWhatIsAbsent() throws {
        let invocation = try Self.parse(["--out", "a.jsonl", "5"]).get()
        #expect(invocation[Self.out] == "a.jsonl")
        #expect(invocation[Self.interval] == 250)
        #expect(invocation[Self.duration] == nil)
        #expect(invocation[Self.tags] == [])
        #expect(invocation[Self.json] == false)
        #expect(invocation[Self.quantity] == 5)
        #expect(invocation[Self.symbol] == nil)
        #expect(!invocation.isGiven(Self.interval))
        #expect(invocation.isGiven(Self.out))
    }

    @Test func longShortAndInlineSpellingsGiveTheSameValue() throws {
        for spelling in [["--interval", "40"], ["-i", "40"], ["--interval=40"]] {
            let invocation = try Self.parse(["--out", "a", "1"] + spelling).get()
            #expect(invocation[Self.interval] == 40)
            #expect(invocation.isGiven(Self.interval))
        }
    }

    @Test(arguments: [
        (["--out", "a", "1", "--interval", "x"], "--interval: expected an integer in 1...1000, got \"x\""),
        (["--out", "a", "1", "--interval", "0"], "--interval: expected an integer in 1...1000, got \"0\""),
        (["--out", "a", "1", "--duration", "61"], "--duration: expected an integer in 1...60, got \"61\""),
        (["--out", "a", "101"], "QTY: expected an integer in 1...100, got \"101\""),
    ])
    func aBadValueIsAUsageErrorNamingTheOptionAndWhatItTakes(arguments: [String], expected: String) {
        #expect(Self.message(arguments) == expected)
        #expect(Tickwork.main(["cmd"] + arguments, root: Self.tree()) == 64)
    }

    @Test func aMissingRequiredOptionIsAUsageErrorWithItsPlaceholder() {
        #expect(Self.message(["1"]) == "missing --out FILE")
        #expect(Tickwork.main(["cmd", "1"], root: Self.tree()) == 64)
    }

    @Test func aMissingRequiredArgumentIsAUsageErrorAndAnExtraOneToo() {
        #expect(Self.message(["--out", "a"]) == "missing argument QTY")
        #expect(Self.message(["--out", "a", "1", "FOOBAR", "more"]) == "unexpected argument 'more'")
    }

    @Test func positionalArgumentsArriveInDeclaredOrderAndAfterDashDash() throws {
        let invocation = try Self.parse(["3", "--out", "a", "--", "-odd"]).get()
        #expect(invocation[Self.quantity] == 3)
        #expect(invocation[Self.symbol] == "-odd")
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrderAndASingleOneRefusesASecond() throws {
        let invocation = try Self.parse(["--out", "a", "1", "--tag", "x", "--tag=y", "--tag", "x"]).get()
        #expect(invocation[Self.tags] == ["x", "y", "x"])
        #expect(Self.message(["--out", "a", "--out", "b", "1"]) == "--out given more than once")
    }

    @Test func aFlagIsTrueWhenGivenAndTakesNoValue() throws {
        #expect(try Self.parse(["--out", "a", "1", "--json"]).get()[Self.json])
        #expect(Self.message(["--out", "a", "1", "--json=yes"]) == "--json takes no value")
        #expect(Self.message(["--out", "a", "1", "--bogus"]) == "unknown option --bogus")
        #expect(Self.message(["--out"]) == "--out needs a value (FILE)")
    }

    @Test func validateRunsAfterParsingAndItsRefusalExits64WithoutRunning() {
        let tree = Self.tree { invocation throws(CLIError) in
            if invocation[Self.json], invocation[Self.duration] == nil { throw .usage("--json needs --duration") }
        }
        #expect(Tickwork.main(["cmd", "--out", "a", "1", "--json"], root: tree) == 64)
        #expect(Tickwork.main(["cmd", "--out", "a", "1", "--json", "--duration", "5"], root: tree) == 7)
        #expect(Tickwork.main(["cmd", "--out", "a", "1", "--json", "--duration", "x"], root: tree) == 64)
    }

    @Test func helpIsRenderedFromTheDeclarations() throws {
        let command = try #require(Self.tree().subcommand("cmd"))
        #expect(
            HelpFormatter.usageLine(command, path: ["tool", "cmd"])
                == "USAGE: tool cmd [--out FILE] [--interval MS] [--duration SECONDS] [--tag NAME]... [--json] QTY [SYMBOL]")
        let help = HelpFormatter.help(command, path: ["tool", "cmd"])
        #expect(help.contains("\n  -i, --interval MS   Milliseconds between polls.\n"))
        #expect(help.contains("\n  --tag NAME          A tag. (repeatable)\n"))
        #expect(help.contains("\n  QTY     Shares.\n"))
    }

    /// The parsed values are kept by name, so a command that declared one name twice would read
    /// one declaration's value through the other.
    @Test func everyCommandOfTickworkDeclaresEachNameOnce() {
        func check(_ command: Command, path: [String]) {
            let options = command.options.map(\.name) + command.options.compactMap(\.short)
            let arguments = command.arguments.map(\.name)
            #expect(Set(options).count == options.count, "\(path.joined(separator: " ")): \(options)")
            #expect(Set(arguments).count == arguments.count, "\(path.joined(separator: " ")): \(arguments)")
            for subcommand in command.subcommands { check(subcommand, path: path + [subcommand.name]) }
        }
        check(CommandTree.root, path: ["tickwork"])
    }

    @Test func recordTakesTheVenueAndAccountOptionsOfTheOtherExchangeCommands() throws {
        let record = try #require(CommandTree.root.subcommand("record"))
        let book = try #require(CommandTree.root.subcommand("book"))
        for name in ["--venue", "--account", "--base-url"] {
            let own = try #require(record.options.first { $0.name == name })
            let shared = try #require(book.options.first { $0.name == name })
            #expect(own.valueName == shared.valueName && own.help == shared.help)
        }
    }
}
