// jsdom lacks some globals the SPA's libraries use (react-router needs TextEncoder).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
