import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct SpawnedProcessTests {
    @Test func aRunReportsItsStatusAndBothOutputsApart() throws {
        let result = try SpawnedProcess.run(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.stdout == "out\n")
        #expect(result.stderr == "err\n")
    }

    @Test func aRunThatOutlivesItsTimeoutIsKilled() throws {
        let result = try SpawnedProcess.run(executable: "/bin/sleep", arguments: ["30"], timeout: 0.2)
        #expect(result.status == SIGKILL)
    }

    @Test func aChildThatDoesNotExitInTimeIsKilledAndHasNoStatus() throws {
        let child = try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(child.exitStatus(within: 0.1) == nil)
        #expect(!child.process.isRunning)
    }

    @Test func aSignalThatEndsTheChildIsItsNegativeStatus() throws {
        let child = try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"])
        child.send(SIGKILL)
        #expect(child.exitStatus(within: 10) == -SIGKILL)
        #expect(child.exitStatus(within: 0) == -SIGKILL)
    }

    @Test func theChildReadsEndOfFileOnItsInput() throws {
        let result = try SpawnedProcess.run(executable: "/bin/cat", arguments: [], timeout: 10)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func theEnvironmentAndDirectoryAreTheOnesGiven() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try SpawnedProcess.run(
            executable: "/bin/sh", arguments: ["-c", "echo \"$ONLY\"; pwd; echo \"${HOME:-none}\""], environment: ["ONLY": "this"],
            directory: directory.path)
        #expect(result.stdout == "this\n\(directory.path)\nnone\n")
    }

    @Test func aChildLetGoOfIsKilled() throws {
        var child: SpawnedProcess? = try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"])
        let process = try #require(child?.process)
        child = nil
        #expect(!process.isRunning)
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
    }
}
