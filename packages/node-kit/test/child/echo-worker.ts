import { parentPort, workerData } from 'node:worker_threads';

parentPort?.postMessage({ echo: workerData, execArgv: process.execArgv });
