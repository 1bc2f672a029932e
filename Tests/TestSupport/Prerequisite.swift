import Foundation
import Testing

/// What a test needs from the machine and cannot make itself: root, a tmpfs mount, a command
/// `.ci/run` installs. CI (`CI=true` in the environment; `.ci/run` sets it) is set up to have
/// all of them, so there a test that lacks one fails, saying what is missing; anywhere else it
/// is skipped (cancelled), saying why, with a warning: the run's output shows it rather than a
/// pass, also for a case of a parameterized test, whose cancellation alone the summary leaves
/// out.
public enum Prerequisite {
    /// Whether this run is CI's, where every prerequisite must be met.
    public static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Returns when `met`; otherwise fails the test in CI and skips it elsewhere, naming `what`
    /// the test needs (e.g. "root: install.sh sets owners").
    public static func require(
        _ met: Bool, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard !met else { return }
        // `met` is false here: in CI the requirement fails the test (and throws, ending it).
        if inCI { try #require(met, "CI=true, and this test needs \(what())", sourceLocation: sourceLocation) }
        let reason = "skipped: needs \(what()) (under CI=true this fails)"
        Issue.record(Comment(rawValue: reason), severity: .warning, sourceLocation: sourceLocation)
        try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
    }

    /// Whether `path` names an executable file.
    public static func executable(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Whether this process runs as root.
    public static var isRoot: Bool { geteuid() == 0 }
}
