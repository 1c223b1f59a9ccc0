// Production and development build of the SPA: swc, content-hashed assets, one chunk per lazy
// route and per catalogue namespace, CSS extracted (fonts emitted from its url()s), the titles'
// wordmarks. Run through `node --import tsx` on Node 20.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

import { BrandThemesPlugin } from './scripts/brand-themes-plugin';
import { ChunkManifestPlugin } from './scripts/chunk-manifest-plugin';
import { PrecompressPlugin } from './scripts/precompress-plugin';
import { WordmarkPlugin } from './scripts/wordmarks';
import { languages } from './src/app/lib/i18n/i18n';
import { registeredRoutes } from './src/app/routing/routes';

const root = path.dirname(fileURLToPath(import.meta.url));

export default (
  _env: unknown,
  argv: { mode?: string },
): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode !== 'development';
  const apiPort = Number(process.env.API_PORT ?? 8081);
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/app/main.tsx' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[id].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      clean: true,
    },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // React Router publishes its production build beside the development one but only exports
      // the latter (warnings and checks for development, 4 KB more on every page).
      alias: production
        ? {
            'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                target: 'es2022',
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: { runtime: 'automatic', development: !production, refresh: false },
                },
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // The legal pages' texts (locales/{nb,nn}/legal/*.md) as their source text.
        { test: /\.md$/, type: 'asset/source' },
        // Web fonts: files of their own, named by the stylesheets and by lib/webFonts.ts alike.
        { test: /\.woff2$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', scriptLoading: 'defer' }),
      // dist/chunk-manifest.json: which files a first visit of each route loads (the server's
      // preloads, bench:bundle).
      new ChunkManifestPlugin(registeredRoutes, languages),
      // wordmarks/<code>.svg: every title's name in outlines, the header's logo fallback.
      new WordmarkPlugin(),
      // brands/<code>.css: the titles' themes, compressed with the rest below.
      ...(production ? [new BrandThemesPlugin(path.join(root, 'public/brands'))] : []),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[id].[contenthash:8].css' : 'assets/[name].css',
      }),
      // .br and .gz next to each text asset, sent as they are by the server.
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Scripts from node_modules in their own chunk as usual, but not their styles: the
          // first paint gets one stylesheet (Designsystemet and the layout together), not one
          // per split chunk — each is a render-blocking request on one of six connections.
          defaultVendors: {
            test: /[\\/]node_modules[\\/]/,
            type: /^javascript\//,
            priority: -10,
            reuseExistingChunk: true,
          },
        },
      },
      // No separate runtime chunk: one request fewer on the first visit (HTTP/1.1 allows six at
      // once per host, and the document, scripts, styles and brand theme already take five).
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT ?? 8080),
      hot: true,
      allowedHosts: 'all',
      historyApiFallback: true,
      proxy: [
        {
          context: ['/api', '/idp', '/dev'],
          target: `http://127.0.0.1:${apiPort}`,
          changeOrigin: false,
        },
      ],
    },
  };
};
