import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct SpawnedProcessTests {
    @Test func aRunReportsItsStatusAndBothOutputsApart() async throws {
        let result = try await SpawnedProcess.run(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.stdout == "out\n")
        #expect(result.stderr == "err\n")
    }

    // The children that must outlive a wait sleep far longer than the suite may run: a waiting
    // task resumes only when the cooperative pool has a thread for it, which other tests may hold
    // for a minute or more, and a child that ended meanwhile would then have ended "in time".
    @Test func aRunThatOutlivesItsTimeoutIsKilled() async throws {
        let result = try await SpawnedProcess.run(executable: "/bin/sleep", arguments: ["3600"], timeout: 0.2)
        #expect(result.status == SIGKILL)
    }

    @Test func aChildThatDoesNotExitInTimeIsKilledAndHasNoStatus() async throws {
        let child = try SpawnedProcess(executable: "/bin/sleep", arguments: ["3600"])
        #expect(await child.exitStatus(within: 0.1) == nil)
        #expect(!child.process.isRunning)
    }

    @Test func aSignalThatEndsTheChildIsItsNegativeStatus() async throws {
        let child = try SpawnedProcess(executable: "/bin/sleep", arguments: ["30"])
        child.send(SIGKILL)
        #expect(await child.exitStatus(within: 10) == -SIGKILL)
        #expect(await child.exitStatus(within: 0) == -SIGKILL)
    }

    @Test func theChildReadsEndOfFileOnItsInput() async throws {
        let result = try await SpawnedProcess.run(executable: "/bin/cat", arguments: [], timeout: 10)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func theEnvironmentAndDirectoryAreTheOnesGiven() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try await SpawnedProcess.run(
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
