import CommandLineKit
import FoundationEssentials
import Live
import StrategyKit

/// `tickwork strategies list`: load every plugin found and describe it.
enum StrategiesList {
    static let command = Command(
        name: "list",
        summary: "Load every strategy plugin found and describe it.",
        discussion: """
            Scans the plugin directory for lib*.so files (libStrategyKit.so, the SDK itself, is \
            skipped), loads each, and prints its name, version, SDK version and parameters. \
            A file that fails to load is reported on stderr and the scan goes on; the exit \
            status is then 1. A directory or file that group or others may write, or that \
            belongs to a user other than root and the caller, is refused unopened. (Other \
            commands load only the plugins their configuration names.)
            """,
        options: [pluginDirectory, json],
        run: run
    )

    static let pluginDirectory: Option<String?> = .optional(
        "--plugin-dir", "DIR", help: "Directory to scan (default: the directory of the tickwork binary).")
    static let json: Option<Bool> = .flag("--json", help: "Print JSON instead of a table.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let directory = invocation[Self.pluginDirectory] ?? PluginLoader.executableDirectory
        let scan = try PluginLoader.scan(directory: directory)
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(Listing(directory: directory, scan: scan)))
        } else {
            Console.out(table(scan, directory: directory), terminator: "")
        }
        for failure in scan.failures {
            Console.err("tickwork: \(failure)")
        }
        return scan.failures.isEmpty ? 0 : 1
    }

    static func table(_ scan: PluginScan, directory: String) -> String {
        var text = "\(scan.plugins.count) strateg\(scan.plugins.count == 1 ? "y" : "ies") in \(directory)\n"
        for plugin in scan.plugins {
            let descriptor = plugin.descriptor
            text += "\n\(descriptor.name) \(descriptor.version) (SDK \(descriptor.sdkVersion))  \(plugin.path)\n"
            text += "  \(descriptor.summary)\n"
            let rows = [["PARAMETER", "TYPE", "DEFAULT", "ALLOWED", "HELP"]] + descriptor.parameters.map {
                [$0.name, $0.kind.rawValue, $0.defaultValue.description, $0.allowedDescription, $0.help]
            }
            text += TextTable.render(rows, indent: "  ")
        }
        return text
    }

    /// The `--json` shape.
    struct Listing: Encodable {
        struct Parameter: Encodable {
            var name: String
            var type: String
            var `default`: ParameterValue
            var allowed: String
            var min: Int64?
            var max: Int64?
            var choices: [String]?
            var help: String
        }

        struct Plugin: Encodable {
            var name: String
            var version: String
            var sdkVersion: String
            var summary: String
            var file: String
            var parameters: [Parameter]
        }

        struct Failure: Encodable {
            var file: String?
            var error: String
        }

        var pluginDirectory: String
        var plugins: [Plugin]
        var failures: [Failure]

        init(directory: String, scan: PluginScan) {
            pluginDirectory = directory
            plugins = scan.plugins.map { plugin in
                let descriptor = plugin.descriptor
                return Plugin(
                    name: descriptor.name, version: descriptor.version, sdkVersion: descriptor.sdkVersion.description,
                    summary: descriptor.summary, file: plugin.path,
                    parameters: descriptor.parameters.map {
                        Parameter(
                            name: $0.name, type: $0.kind.rawValue, default: $0.defaultValue, allowed: $0.allowedDescription,
                            min: $0.range?.lowerBound, max: $0.range?.upperBound, choices: $0.choices, help: $0.help)
                    })
            }
            failures = scan.failures.map { Failure(file: $0.path, error: $0.description) }
        }
    }
}
