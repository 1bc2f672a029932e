import Testing

/// The daemon's binary and the libraries it loads do not bring in the full Foundation (ICU and
/// its locale machinery, about 7 MB resident): every part linked into `tickwork` imports
/// `FoundationEssentials` (ARCHITECTURE.md §1). One `import Foundation` anywhere in those parts
/// puts these libraries back among the binary's needs, and this suite fails naming them.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct FoundationFreeBinaryTests {
    /// The libraries of the full Foundation.
    static let forbidden = ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"]
    /// The built binary, the SDK library and the shipped plugins.
    static let binaries = ["tickwork", "libStrategyKit.so"] + PackageTests.plugins.map { "lib\($0).so" }

    @Test(arguments: binaries) func loadsNoFullFoundation(binary: String) async throws {
        // ldd lists every library loaded, through the libraries' own needs too, not only the
        // binary's direct NEEDED entries.
        let listing = try await TickworkProcess.run([TickworkProcess.buildDirectory + "/" + binary], executable: "/usr/bin/ldd")
        try #require(listing.status == 0 && listing.stdout.contains("libswiftCore.so"), "\(listing.stdout)\(listing.stderr)")
        let loaded = listing.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        let found = loaded.filter { name in Self.forbidden.contains { name.hasPrefix($0) } }
        #expect(found.isEmpty, "\(binary) loads \(found.joined(separator: ", ")): a part it links imports Foundation")
    }
}
