/// Shared fakes and fixtures for RecipeBook's tests.
public enum TestSupportModule {}
