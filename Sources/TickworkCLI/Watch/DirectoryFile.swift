import CommandLineKit
import FoundationEssentials
import Quotes

/// The symbol directory `tickwork` searches: `symbols.csv` in the state directory once
/// `tickwork symbols refresh` has written one, else the one shipped with Tickwork.
enum DirectoryFile {
    /// Where `symbols refresh` writes the directory.
    static func path(stateDirectory: String) -> String { stateDirectory + "/symbols.csv" }

    /// The refreshed directory in `stateDirectory`, else the shipped one.
    static func load(stateDirectory: String) throws -> SymbolDirectory {
        let path = path(stateDirectory: stateDirectory)
        if let data = FileManager.default.contents(atPath: path) {
            do throws(SymbolDirectory.LoadError) {
                return try SymbolDirectory(csv: String(decoding: data, as: UTF8.self), file: path)
            } catch {
                throw CLIError.failure("\(error) (remove it to use the shipped directory)")
            }
        }
        return try shipped()
    }

    /// The directory the simulated exchange serves as Alpaca assets: `load`'s from the state
    /// directory `environment` names, or the shipped one when it names none (a service without
    /// `HOME`), since the exchange needs no state of its own.
    static func forExchange(_ environment: [String: String]) throws -> SymbolDirectory {
        guard let state = try? StateDirectory.path(environment) else { return try shipped() }
        return try load(stateDirectory: state)
    }

    private static func shipped() throws -> SymbolDirectory {
        do throws(SymbolDirectory.LoadError) {
            return try SymbolDirectory.shipped()
        } catch {
            throw CLIError.failure("\(error)")
        }
    }
}
