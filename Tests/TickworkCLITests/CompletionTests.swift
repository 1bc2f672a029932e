import CommandLineKit
import Foundation
import Testing
import TestSupport

@testable import TickworkCLI

/// `tickwork completion bash|zsh`, made from the command tree, loaded by the shells themselves:
/// bash's function is driven as bash's completion drives it (COMP_WORDS, COMP_CWORD).
@Suite(.timeLimit(.minutes(10))) struct CompletionTests {
    /// What bash's completion function offers for `words`, the last being completed.
    static func complete(_ words: [String], script: String) async throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = "source \(script) && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && { _tickwork; printf '%s\\n' \"${COMPREPLY[@]}\"; }"
        let result = try await SpawnedProcess.run(executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-c", driver])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsSubcommandsOptionsAndFiles() async throws {
        let directory = try TemporaryDirectory("tickwork-completion")
        defer { directory.remove() }
        let script = directory.path + "/tickwork.bash"
        try CompletionScript.bash(CommandTree.root).write(toFile: script, atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: directory.path + "/ledger-one.jsonl", contents: Data()))

        #expect(try await Self.complete(["tickwork", "hi"], script: script) == ["history"])
        #expect(try await Self.complete(["tickwork", "history", "f"], script: script) == ["fills"])
        #expect(try await Self.complete(["tickwork", "history", "fills", "--li"], script: script) == ["--limit"])
        // Hidden: the internal sweep cell and the old spelling --lines.
        #expect(try await Self.complete(["tickwork", "sweep", "c"], script: script) == ["collect"])
        #expect(try await Self.complete(["tickwork", "tail", "--lin"], script: script) == [])
        #expect(try await Self.complete(["tickwork", "tail", "--ledger", directory.path + "/ledger-o"], script: script)
            == [directory.path + "/ledger-one.jsonl"])
        #expect(try await Self.complete(["tickwork", "completion", "--"], script: script).contains("--help"))
    }

    @Test func zshsScriptParses() async throws {
        try Prerequisite.require(Prerequisite.executable("/usr/bin/zsh") || Prerequisite.executable("/bin/zsh"), "zsh (Debian's zsh)")
        let directory = try TemporaryDirectory("tickwork-completion")
        defer { directory.remove() }
        let script = directory.path + "/_tickwork"
        try CompletionScript.zsh(CommandTree.root).write(toFile: script, atomically: true, encoding: .utf8)
        let zsh = Prerequisite.executable("/usr/bin/zsh") ? "/usr/bin/zsh" : "/bin/zsh"
        let result = try await SpawnedProcess.run(executable: zsh, arguments: ["-n", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CompletionScript.zsh(CommandTree.root).hasPrefix("#compdef tickwork\n"))
        // Outside a completion widget: _describe and _files stand in, printing what they are
        // offered (the real _describe then keeps what matches the word).
        func offered(_ words: [String]) async throws -> [String] {
            let stubs = "_describe() { local name=$4; print -l -- ${(P)name} | cut -d: -f1; }; _files() { print FILES; }"
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let driver = "\(stubs); words=(\(quoted)); CURRENT=\(words.count); source \(script)"
            let run = try await SpawnedProcess.run(executable: zsh, arguments: ["-f", "-c", driver])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try await offered(["tickwork", "hi"]).contains("history"))
        #expect(try await offered(["tickwork", "history", "f"]) == ["fills", "orders", "denials", "pnl", "sql", "rebuild"])
        #expect(try await offered(["tickwork", "history", "fills", "--li"]).contains("--limit"))
        #expect(!(try await offered(["tickwork", "sweep", "c"])).contains("cell"))
        #expect(try await offered(["tickwork", "tail", "--ledger", "x"]) == ["FILES"])
    }
}
