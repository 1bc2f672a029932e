import CommandLineKit
import Testing

@testable import TickworkCLI

/// Child programs run by `ExternalCommand`: both outputs collected in full, however large and
/// however interleaved, and the exit status as a shell reports it.
@Suite(.timeLimit(.minutes(10))) struct ExternalCommandTests {
    @Test func collectsBothOutputsPastAPipesCapacity() throws {
        // 300 kB on each stream, stderr first: a reader of stdout alone would leave the child
        // blocked on a full stderr pipe (64 kB) and never see its end.
        let script = "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 300000 /dev/zero | tr '\\0' o; printf '\\nlast\\n' >&2; exit 3"
        let result = try ExternalCommand.run("sh", ["-c", script])
        #expect(result.status == 3)
        let stdoutWhole = result.stdout.utf8.count == 300_000 && result.stdout.allSatisfy { $0 == "o" }
        #expect(stdoutWhole)
        let stderrWhole = result.stderr.utf8.count == 300_006 && result.stderr.hasSuffix("e\nlast\n")
        #expect(stderrWhole)
        #expect(result.errorLine == "last")
    }

    /// The child starts with no signal blocked or ignored, whatever this process does with them
    /// (the test process blocks some): a SIGTERM ends it.
    @Test func reportsASignalAsAShellDoes() throws {
        let result = try ExternalCommand.run("sh", ["-c", "kill -TERM $$"])
        #expect(result.status == 128 + 15)
        #expect(result.errorLine == "exited with status 143")
    }

    @Test func readsNothingFromStandardInput() throws {
        let result = try ExternalCommand.run("cat", [])
        #expect(result.status == 0 && result.stdout.isEmpty)
    }

    @Test func namesAProgramMissingFromPath() {
        #expect(throws: CLIError.failure("no-such-tickwork-program: not found on PATH (run this on a machine with the Slurm client commands)")) {
            try ExternalCommand.run("no-such-tickwork-program", [])
        }
    }
}
