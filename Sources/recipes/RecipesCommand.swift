import View

@main
struct RecipesCommand {
    static func main() async {
        _ = ViewModule.name
    }
}
