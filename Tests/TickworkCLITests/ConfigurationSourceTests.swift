import Foundation
import Testing
@testable import TickworkCLI
import TestSupport

/// The order in which a command finds its configuration without being told: `--config`, then
/// `$TICKWORK_CONFIG`, then the installed file (here a temporary one named by
/// `$TICKWORK_INSTALLED_CONFIG`), then the embedded default; and how each is named in errors.
@Suite(.timeLimit(.minutes(10))) struct ConfigurationSourceTests {
    /// A directory holding a valid configuration `tickwork.json` (the shipped one).
    private func installed() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory("tickwork-config-source")
        let path = directory.path + "/tickwork.json"
        try DefaultConfiguration.json.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func theOptionWinsOverTheVariableWhichWinsOverTheInstalledFile() throws {
        let (directory, path) = try installed()
        defer { directory.remove() }
        let environment = ["TICKWORK_CONFIG": "/from/variable.json", "TICKWORK_INSTALLED_CONFIG": path]
        #expect(try ConfigurationSource.locate(option: "/given.json", environment: environment) == .option("/given.json"))
        #expect(try ConfigurationSource.locate(option: nil, environment: environment) == .environment("/from/variable.json"))
        #expect(try ConfigurationSource.locate(option: nil, environment: ["TICKWORK_INSTALLED_CONFIG": path]) == .installed(path))
        #expect(try ConfigurationSource.locate(option: nil, environment: ["TICKWORK_CONFIG": "", "TICKWORK_INSTALLED_CONFIG": path]) == .installed(path))
    }

    @Test func noInstalledFileMeansTheEmbeddedDefault() throws {
        let environment = ["TICKWORK_INSTALLED_CONFIG": "/nonexistent/tickwork/tickwork.json"]
        #expect(try ConfigurationSource.locate(option: nil, environment: environment) == .embedded)
    }

    @Test func errorsSayHowTheConfigurationWasFound() throws {
        let (directory, path) = try installed()
        defer { directory.remove() }
        try "{\"version\": 7}".write(toFile: path, atomically: true, encoding: .utf8)
        for (source, suffix) in [
            (ConfigurationSource.environment(path), " (from $TICKWORK_CONFIG)"),
            (.installed(path), " (installed; no --config or $TICKWORK_CONFIG)"),
            (.option(path), ""),
        ] {
            do {
                _ = try DefaultConfiguration.load(source)
                Issue.record("\(source) loaded a configuration of version 7")
            } catch {
                #expect("\(error)" == "\(path)\(suffix): version: unsupported version 7, this tickwork reads 1")
            }
        }
    }

    @Test func aConfigurationFoundInTheEnvironmentIsNamedSoInLaterErrors() throws {
        let (directory, path) = try installed()
        defer { directory.remove() }
        let configuration = try DefaultConfiguration.load(.environment(path))
        #expect(configuration.file == "\(path) (from $TICKWORK_CONFIG)")
        #expect(configuration.directory == directory.path)
    }
}
