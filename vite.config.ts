import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 3000,
    strictPort: true,
    // In development the API runs beside Vite; these paths belong to it.
    proxy: {
      '/api': apiTarget,
      '/college': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
