import CommandLineKit
import Testing

@testable import TickworkCLI

/// What CommandLineKit keeps out of help and still accepts: internal commands, and old
/// spellings of options and values, each of which leaves one warning for stderr.
@Suite(.timeLimit(.minutes(10))) struct DeprecatedSpellingTests {
    static let api: Option<String?> = Option<String?>.optional("--api", "API", help: "The API.").deprecatedAlias("--source")
    static let oldSymbol: Option<String?> = Option<String?>.optional("--symbol", "S", help: "Old.").hidden(deprecation: "use the SYMBOL argument")
    static let seconds: Option<Int64> = .defaulted(
        "--wait", "DURATION", default: 1, help: "How long.",
        parse: ValueParser { text throws(ValueError) in
            guard text.hasSuffix("s"), let number = Int64(text.dropLast()) else { throw .expected("a duration such as 5s") }
            return number
        }.accepting(old: { Int64($0) }, deprecation: "say 5s; a bare number is seconds for one more release"))

    static let tree = Command(
        name: "tool", summary: "A tool.",
        subcommands: [
            Command(name: "cmd", summary: "A command.", options: [api, oldSymbol, seconds], run: { _ in 0 }),
            Command(name: "inner", summary: "An internal command.", run: { _ in 3 }, hidden: true),
        ])

    static func invocation(_ arguments: [String]) throws -> Invocation {
        guard case .run(_, let invocation) = try ArgumentParser.parse(arguments, root: tree) else {
            preconditionFailure("a runnable command")
        }
        return invocation
    }

    @Test func aHiddenCommandIsLeftOutOfHelpButRuns() throws {
        let help = HelpFormatter.help(Self.tree, path: ["tool"])
        #expect(help.contains("cmd"))
        #expect(!help.contains("inner"))
        #expect(Tickwork.main(["inner"], root: Self.tree) == 3)
    }

    @Test func anOldSpellingGivesTheSameValueWithAWarningAndHelpShowsOnlyTheNewOne() throws {
        let new = try Self.invocation(["cmd", "--api", "alpaca"])
        let old = try Self.invocation(["cmd", "--source", "alpaca"])
        #expect(new[Self.api] == "alpaca" && old[Self.api] == "alpaca")
        #expect(new.warnings.isEmpty)
        #expect(old.warnings == ["--source is deprecated: use --api (the old spelling goes in the next release)"])
        let help = HelpFormatter.help(Self.tree.subcommands[0], path: ["tool", "cmd"])
        #expect(help.contains("--api API"))
        #expect(!help.contains("--source"))
    }

    @Test func aHiddenDeprecatedOptionWorksAndSaysWhatToUseInstead() throws {
        let invocation = try Self.invocation(["cmd", "--symbol", "FOO"])
        #expect(invocation[Self.oldSymbol] == "FOO")
        #expect(invocation.warnings == ["--symbol is deprecated: use the SYMBOL argument (it goes in the next release)"])
        let help = HelpFormatter.help(Self.tree.subcommands[0], path: ["tool", "cmd"])
        #expect(!help.contains("--symbol"))
    }

    @Test func anOldFormOfAValueParsesWithAWarningNamingItAndANewOneWithout() throws {
        #expect(try Self.invocation(["cmd", "--wait", "5s"]).warnings.isEmpty)
        let old = try Self.invocation(["cmd", "--wait", "5"])
        #expect(old[Self.seconds] == 5)
        #expect(old.warnings == ["--wait 5: say 5s; a bare number is seconds for one more release"])
        #expect(throws: ArgumentParser.UsageError.self) { try Self.invocation(["cmd", "--wait", "x"]) }
    }
}
