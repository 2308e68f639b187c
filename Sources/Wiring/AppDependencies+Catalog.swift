import Interactor
import Presenter
public import View

extension AppDependencies {
    /// `recipes catalog build SOURCES…`: a PuppyServer catalog on stdout from saved pages or addresses
    /// (read through the same reader as `recipes read`), Markdown and Cooklang recipe files, and folders
    /// of them.
    public func runCatalogBuild(_ request: CommandLineOptions.CatalogRequest) async -> ExitCode {
        let locations = request.sources.map { source -> ReadingInteractor.Location in
            switch source {
            case .web(let address): return .web(address)
            case .file(let path): return .file(path)
            }
        }
        let output = CatalogLinesOutput()
        let summary = await CatalogBuildPresenter(reading: reading).build(locations, into: output)
        return output.exitCode(summary)
    }
}
