import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A module's service is its public entry: other modules call its use cases, never its SQL
// (docs/architecture.md, "Service"). A service that re-exported a repository function would hand
// that SQL to every caller, so the compiler follows every name each service exports back to where
// it is declared, through any number of re-exports, and no name may end in a repository.

const modulesDir = fileURLToPath(new URL('./', import.meta.url));
const services = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.service.ts'))
  .map((file) => `${modulesDir}${file}`);

/** Every name a file exports, whether it is a value (not only a type), and where it is declared. */
function exportedOrigins(program: ts.Program, file: string) {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!);
  return checker.getExportsOfModule(module!).map((name) => {
    const declared = name.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(name) : name;
    const origins = (declared.declarations ?? []).map((d) => d.getSourceFile().fileName);
    return { name: name.name, isValue: Boolean(declared.flags & ts.SymbolFlags.Value), origins };
  });
}

describe("the modules' public entries", () => {
  it('export use cases, never a function or value of a repository', () => {
    const options: ts.CompilerOptions = {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      noLib: true,
      types: [],
    };
    // Only our own files can declare a repository function: packages are read as empty.
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile;
    host.getSourceFile = (name, ...rest) =>
      name.includes('/node_modules/')
        ? ts.createSourceFile(name, '', ts.ScriptTarget.ES2022)
        : read.call(host, name, ...rest);
    const program = ts.createProgram(services, options, host);
    const fromRepositories = services.flatMap((file) =>
      exportedOrigins(program, file)
        .filter(({ isValue, origins }) => isValue && origins.some((o) => o.endsWith('.repository.ts')))
        .map(({ name }) => `${file.slice(modulesDir.length)}: ${name}`),
    );
    expect(services.length).toBeGreaterThan(20);
    expect(fromRepositories).toEqual([]);
  });
});
