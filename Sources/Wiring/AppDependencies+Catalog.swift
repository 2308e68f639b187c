import Interactor
import Presenter
public import View

extension AppDependencies {
    /// `recipes catalog build PAGES…`: a PuppyServer catalog on stdout from saved pages or addresses,
    /// read through the same reader as `recipes read`.
    public func runCatalogBuild(_ request: CommandLineOptions.CatalogRequest) async -> ExitCode {
        let locations = request.sources.map { source -> ReadingInteractor.Location in
            switch source {
            case .web(let address): return .web(address)
            case .file(let path): return .file(path)
            }
        }
        let outcome = await CatalogBuildPresenter(reading: reading).build(locations)
        return CatalogLinesOutput().print(outcome, pages: locations.count)
    }
}
