import Foundation
import TestSupport

extension SpawnedProcess {
    /// Starts `tickwork arguments` (or `executable arguments`) from the package root, with
    /// `environment` added to this process's.
    convenience init(
        _ arguments: [String], environment: [String: String] = [:], directory: String = TickworkProcess.packageRoot,
        executable: String = TickworkProcess.buildDirectory + "/tickwork"
    ) throws {
        try self.init(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, directory: directory)
    }
}
