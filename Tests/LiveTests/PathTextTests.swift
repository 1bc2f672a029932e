import Foundation
import Live
import Testing

@Suite(.timeLimit(.minutes(10))) struct PathTextTests {
    /// NSString's path methods are the oracle PathText replaces.
    @Test(arguments: ["/etc/tickwork/daemon.json", "/etc/tickwork/", "/etc//tickwork", "/daemon.json", "/", "daemon.json", "a/b", "a/b/", "//x", ""])
    func theDirectoryIsWhatNSStringSaid(path: String) {
        #expect(PathText.directory(of: path) == (path as NSString).deletingLastPathComponent)
    }

    @Test(arguments: [("/usr/lib", "libX.so"), ("/usr/lib/", "libX.so"), ("/", "libX.so"), ("", "libX.so"), ("plugins", "libX.so")])
    func joiningIsWhatNSStringSaid(directory: String, name: String) {
        #expect(PathText.join(directory, name) == (directory as NSString).appendingPathComponent(name))
    }
}
