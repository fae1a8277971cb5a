/* Entry point of an ahead-of-time compiled linalgx test: the MLIR module's
 * `func.func @main()` is renamed to linalgx_test_main when packed (see
 * scripts/pack-gpu.sh), because a C `main` must return the exit status. */
void linalgx_test_main(void);

int main(void) {
  linalgx_test_main();
  return 0;
}
